-- How long a request waited for an upstream slot (admission control); null when it never queued for one.
ALTER TABLE request_log ADD COLUMN queue_wait_ms BIGINT;
