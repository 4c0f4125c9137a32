-- Every change of a model's circuit breaker state, per instance.
CREATE SEQUENCE breaker_transition_seq START WITH 1 INCREMENT BY 1;
CREATE TABLE breaker_transition (
    id          BIGINT        PRIMARY KEY,
    model       VARCHAR(200)  NOT NULL,
    from_state  VARCHAR(20)   NOT NULL,
    to_state    VARCHAR(20)   NOT NULL,
    reason      VARCHAR(1000),
    instance_id VARCHAR(200)  NOT NULL,
    changed_at  TIMESTAMP     NOT NULL
);
CREATE INDEX breaker_transition_time ON breaker_transition (changed_at);
