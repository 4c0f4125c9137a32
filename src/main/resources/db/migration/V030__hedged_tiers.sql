-- A tier may hedge: a model slow to answer has the next one of the chain started beside it.
ALTER TABLE tier ADD COLUMN hedged BOOLEAN DEFAULT FALSE NOT NULL;
