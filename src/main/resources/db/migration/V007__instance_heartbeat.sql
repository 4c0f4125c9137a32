-- Every instance says every few seconds which configuration version it runs, so the console can show that a
-- change is live everywhere (or which instance lags).
CREATE TABLE instance_heartbeat (
    instance_id    VARCHAR(200) PRIMARY KEY,
    config_version BIGINT       NOT NULL,
    started_at     TIMESTAMP    NOT NULL,
    last_seen      TIMESTAMP    NOT NULL
);
