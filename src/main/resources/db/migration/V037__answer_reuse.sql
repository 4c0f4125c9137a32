-- A tier may give a deterministic request's answer again: while it is fresh (max_age_seconds), and in place of a
-- failure while it is not too old (stale_if_error_seconds); 0 is off. The request log says how an answer given again
-- was given: a replay for an idempotency key, a fresh answer, or a stale one in place of an error.
ALTER TABLE tier ADD COLUMN max_age_seconds INTEGER DEFAULT 0 NOT NULL;
ALTER TABLE tier ADD COLUMN stale_if_error_seconds INTEGER DEFAULT 0 NOT NULL;
ALTER TABLE request_log ADD COLUMN reused_as VARCHAR(8);
UPDATE request_log SET reused_as = 'replay' WHERE replay_of IS NOT NULL;
