-- Caller API keys (hash only), the shared rate-limit windows, and who a request was in the request log.
CREATE TABLE api_key (
    id               VARCHAR(40)   PRIMARY KEY,
    name             VARCHAR(200)  NOT NULL,
    key_hash         VARCHAR(64)   NOT NULL,
    scope            VARCHAR(40),
    allowed_tiers    VARCHAR(4000) NOT NULL,
    limit_per_minute INTEGER,
    created_at       TIMESTAMP     NOT NULL,
    created_by       VARCHAR(200)  NOT NULL,
    revoked_at       TIMESTAMP,
    revoked_by       VARCHAR(200)
);

-- One row per window of a counted bucket: its counts (WindowCounts' text form). Rows are locked for the
-- check-and-enter, so every instance sees the same counts.
CREATE TABLE rate_window (
    bucket_key VARCHAR(200)     PRIMARY KEY,
    hits       VARCHAR(1000000) NOT NULL,
    updated_at BIGINT           NOT NULL
);
CREATE INDEX rate_window_updated ON rate_window (updated_at);

ALTER TABLE request_log ADD COLUMN client_hash VARCHAR(64);
ALTER TABLE request_log ADD COLUMN key_id VARCHAR(40);
ALTER TABLE request_log ADD COLUMN scope VARCHAR(40);
ALTER TABLE request_log ADD COLUMN rate_limits VARCHAR(400);
ALTER TABLE request_log ADD COLUMN rate_limit_hit VARCHAR(200);
ALTER TABLE request_log ADD COLUMN limiter VARCHAR(10);
CREATE INDEX request_log_client ON request_log (client_hash, received_at);
