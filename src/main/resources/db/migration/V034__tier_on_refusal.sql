-- A tier may send a content refusal to models of its own choosing (another provider's policy may differ).
CREATE TABLE tier_on_refusal (
    tier_name     VARCHAR(200) NOT NULL REFERENCES tier (name),
    refusal_index INTEGER      NOT NULL,
    model_name    VARCHAR(200) NOT NULL,
    PRIMARY KEY (tier_name, refusal_index)
);
