-- A run of rate-limit refusals answered from the memory of full windows is one row: how many requests it stands for,
-- and when its last was answered (its first is received_at). Both are null on the row of a single request.
ALTER TABLE request_log ADD COLUMN refusals INTEGER;
ALTER TABLE request_log ADD COLUMN last_refused_at TIMESTAMP;
