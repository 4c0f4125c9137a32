-- A Vertex AI or Bedrock provider without a secret used to sign in as the machine's own cloud identity without saying
-- so; it must now be named. Providers stored that way keep working as they did, now named.
UPDATE provider SET api_key_secret = 'machine-identity' WHERE kind IN ('vertex', 'bedrock') AND api_key_secret IS NULL;
