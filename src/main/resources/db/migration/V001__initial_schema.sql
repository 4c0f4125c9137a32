-- Portable SQL: runs on H2 2.x and PostgreSQL 13+.
CREATE TABLE provider (
    name            VARCHAR(200) PRIMARY KEY,
    kind            VARCHAR(20)  NOT NULL,
    base_url        VARCHAR(1000),
    api_key_secret  VARCHAR(100)
);

CREATE TABLE allowed_model (
    name                 VARCHAR(200) PRIMARY KEY,
    provider_name        VARCHAR(200) NOT NULL REFERENCES provider (name),
    upstream_model       VARCHAR(300) NOT NULL,
    family               VARCHAR(100),
    enabled              BOOLEAN      NOT NULL,
    is_free              BOOLEAN      NOT NULL,
    free_verified_on     DATE,
    context_window       INTEGER,
    supports_prefill     BOOLEAN      NOT NULL,
    input_cost_per_mtok  DECIMAL(14, 6),
    output_cost_per_mtok DECIMAL(14, 6),
    local_stand_in       VARCHAR(200),
    sort_order           INTEGER      NOT NULL
);

CREATE TABLE tier (
    name        VARCHAR(200) PRIMARY KEY,
    description VARCHAR(1000),
    sort_order  INTEGER NOT NULL
);

CREATE TABLE tier_chain (
    tier_name   VARCHAR(200) NOT NULL REFERENCES tier (name),
    chain_index INTEGER      NOT NULL,
    model_name  VARCHAR(200) NOT NULL,
    PRIMARY KEY (tier_name, chain_index)
);

CREATE TABLE setting (
    name          VARCHAR(100) PRIMARY KEY,
    setting_value VARCHAR(4000) NOT NULL
);

CREATE TABLE config_version (
    version    BIGINT PRIMARY KEY,
    created_at TIMESTAMP     NOT NULL,
    author     VARCHAR(200)  NOT NULL,
    summary    VARCHAR(1000),
    snapshot   VARCHAR(1000000) NOT NULL
);

CREATE TABLE request_log (
    request_id        VARCHAR(64) PRIMARY KEY,
    received_at       TIMESTAMP   NOT NULL,
    tier              VARCHAR(200),
    requested_model   VARCHAR(300),
    answering_model   VARCHAR(200),
    fallback          BOOLEAN     NOT NULL,
    status            INTEGER     NOT NULL,
    error_code        VARCHAR(60),
    latency_ms        BIGINT      NOT NULL,
    prompt_tokens     INTEGER,
    completion_tokens INTEGER,
    total_tokens      INTEGER,
    finish_reason     VARCHAR(40),
    truncated         BOOLEAN     NOT NULL,
    saw_429           BOOLEAN     NOT NULL,
    stream            BOOLEAN     NOT NULL
);
CREATE INDEX request_log_time ON request_log (received_at, request_id);

CREATE TABLE request_attempt (
    request_id VARCHAR(64)  NOT NULL REFERENCES request_log (request_id),
    seq        INTEGER      NOT NULL,
    model      VARCHAR(200) NOT NULL,
    outcome    VARCHAR(40)  NOT NULL,
    status     INTEGER,
    latency_ms BIGINT       NOT NULL,
    reason     VARCHAR(1000),
    PRIMARY KEY (request_id, seq)
);

CREATE TABLE console_user (
    username      VARCHAR(100) PRIMARY KEY,
    password_hash VARCHAR(300) NOT NULL,
    roles         VARCHAR(200) NOT NULL,
    created_at    TIMESTAMP    NOT NULL
);
