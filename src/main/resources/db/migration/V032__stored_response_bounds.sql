-- Stored responses are bounded per owner (the oldest beyond the bound go at each store) and purged by their own time,
-- so that one whose request-log row never landed is not kept for ever.
CREATE INDEX stored_response_owner ON stored_response (owner, created_at);
CREATE INDEX stored_response_created ON stored_response (created_at);
