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

-- The check-and-reserve (V015) now also records the instance's hold, in the same round trip.
DROP FUNCTION proxy_budget_reserve(TEXT[], NUMERIC[], BIGINT[], BIGINT[], NUMERIC, BIGINT);
CREATE OR REPLACE FUNCTION proxy_budget_reserve(p_keys TEXT[], p_max_usd NUMERIC[], p_max_tokens BIGINT[],
                                                p_ends BIGINT[], p_usd NUMERIC, p_tokens BIGINT,
                                                p_instance TEXT, p_life TEXT)
RETURNS NUMERIC[] AS $$
DECLARE
    r RECORD;
BEGIN
    FOR i IN 1 .. array_length(p_keys, 1) LOOP
        INSERT INTO budget_use (row_key, used_usd, reserved_usd, used_tokens, reserved_tokens, period_end)
            VALUES (p_keys[i], 0, 0, 0, 0, p_ends[i]) ON CONFLICT (row_key) DO NOTHING;
        SELECT b.used_usd + b.reserved_usd AS usd, b.used_tokens + b.reserved_tokens AS tokens INTO STRICT r
            FROM budget_use b WHERE b.row_key = p_keys[i] FOR UPDATE;
        IF (p_max_usd[i] IS NOT NULL AND r.usd + p_usd > p_max_usd[i])
                OR (p_max_tokens[i] IS NOT NULL AND r.tokens + p_tokens > p_max_tokens[i]) THEN
            RETURN ARRAY[i::NUMERIC, r.usd, r.tokens::NUMERIC];
        END IF;
    END LOOP;
    UPDATE budget_use SET reserved_usd = reserved_usd + p_usd, reserved_tokens = reserved_tokens + p_tokens
        WHERE row_key = ANY (p_keys);
    FOR i IN 1 .. array_length(p_keys, 1) LOOP
        INSERT INTO budget_hold (instance_id, life, row_key, reserved_usd, reserved_tokens, period_end)
            VALUES (p_instance, p_life, p_keys[i], p_usd, p_tokens, p_ends[i])
            ON CONFLICT (instance_id, life, row_key) DO UPDATE
            SET reserved_usd = budget_hold.reserved_usd + EXCLUDED.reserved_usd,
                reserved_tokens = budget_hold.reserved_tokens + EXCLUDED.reserved_tokens;
    END LOOP;
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;
