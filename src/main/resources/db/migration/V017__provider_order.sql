-- Providers keep the order they were given in, as models and tiers do, so that an export after a restart lists them
-- as they were written and a diff of two versions shows no moves that are no change. Rows written before this keep
-- their name order.
ALTER TABLE provider ADD COLUMN sort_order INTEGER DEFAULT 0 NOT NULL;
