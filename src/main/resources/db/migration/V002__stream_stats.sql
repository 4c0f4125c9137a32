-- What a streamed answer looked like: time to first token, events relayed, malformed events skipped and how many
-- times a broken stream was continued on another model. Null for requests that did not stream.
ALTER TABLE request_log ADD COLUMN first_token_ms BIGINT;
ALTER TABLE request_log ADD COLUMN events_relayed INTEGER;
ALTER TABLE request_log ADD COLUMN malformed_events INTEGER;
ALTER TABLE request_log ADD COLUMN continuations INTEGER;
