-- Spend budgets: one row per budget and period (a UTC day or month, or a minute), keyed "budget|<name>|<start>", holding
-- what settled requests used and what running requests have reserved.
CREATE TABLE budget_use (
    row_key         VARCHAR(260)   PRIMARY KEY,
    used_usd        NUMERIC(24,10) NOT NULL,
    reserved_usd    NUMERIC(24,10) NOT NULL,
    used_tokens     BIGINT         NOT NULL,
    reserved_tokens BIGINT         NOT NULL,
    period_end      BIGINT         NOT NULL
);
CREATE INDEX budget_use_period_end ON budget_use (period_end);

-- A key's own budget (null: the default every key has, if any) and its own tokens per minute.
ALTER TABLE api_key ADD COLUMN daily_usd NUMERIC(24,10);
ALTER TABLE api_key ADD COLUMN monthly_usd NUMERIC(24,10);
ALTER TABLE api_key ADD COLUMN daily_tokens BIGINT;
ALTER TABLE api_key ADD COLUMN monthly_tokens BIGINT;
ALTER TABLE api_key ADD COLUMN tokens_per_minute BIGINT;

-- The check-and-reserve as one call (one round trip per request). Rows come sorted by key, so concurrent calls lock
-- them in the same order and never deadlock each other. A null maximum limits nothing.
-- Returns NULL when the charge was reserved in every row, else {row (1-based), used+reserved USD, used+reserved
-- tokens} of the first budget without room; then nothing was reserved anywhere.
CREATE OR REPLACE FUNCTION proxy_budget_reserve(p_keys TEXT[], p_max_usd NUMERIC[], p_max_tokens BIGINT[],
                                                p_ends BIGINT[], p_usd NUMERIC, p_tokens BIGINT)
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
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;
