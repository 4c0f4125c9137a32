-- A key's class in the admission queue when the proxy is at capacity: interactive, standard or batch.
ALTER TABLE api_key ADD COLUMN priority VARCHAR(16) DEFAULT 'standard' NOT NULL;
