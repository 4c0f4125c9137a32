-- A model's concurrency cap: how many calls to it may be in flight at once (NULL: no cap).
ALTER TABLE allowed_model ADD COLUMN max_concurrent INTEGER;
