-- Spend budgets: one row per budget and period (a UTC day or month, or a minute), keyed "budget|<name>|<start>", holding
-- what settled requests used and what running requests have reserved. Rows are locked for the check-and-reserve,
-- so every instance sees the same amounts. PostgreSQL also gets the check as a function (the .postgresql variant).
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
