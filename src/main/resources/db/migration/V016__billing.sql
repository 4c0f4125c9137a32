-- The price of prompt tokens a provider serves from its cache (null: the input price).
ALTER TABLE allowed_model ADD COLUMN cached_input_cost_per_mtok DECIMAL(14, 6);

-- What the provider billed for each attempt (null: nothing, or no price), so a failed attempt that was billed shows.
ALTER TABLE request_attempt ADD COLUMN tokens INTEGER;
ALTER TABLE request_attempt ADD COLUMN cost_usd DECIMAL(20, 10);

-- Which instance (and which run of it) holds what reservation of each budget row: when an instance dies with
-- requests in flight, another releases what it held, so a crash does not keep budget reserved until the period ends.
CREATE TABLE budget_hold (
    instance_id     VARCHAR(200)   NOT NULL,
    life            VARCHAR(40)    NOT NULL,
    row_key         VARCHAR(260)   NOT NULL,
    reserved_usd    NUMERIC(24,10) NOT NULL,
    reserved_tokens BIGINT         NOT NULL,
    period_end      BIGINT         NOT NULL,
    PRIMARY KEY (instance_id, life, row_key)
);
