-- What each answered request cost in US dollars, from the answering model's prices at the time (null: unknown).
ALTER TABLE request_log ADD COLUMN cost_usd DECIMAL(20, 10);
