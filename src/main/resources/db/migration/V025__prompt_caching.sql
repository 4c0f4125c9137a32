-- Prompt caching: the price of tokens written to a provider's cache, and whether a model is asked to cache at all.
ALTER TABLE allowed_model ADD COLUMN cache_write_cost_per_mtok DECIMAL(14, 6);
ALTER TABLE allowed_model ADD COLUMN prompt_caching BOOLEAN DEFAULT FALSE NOT NULL;
