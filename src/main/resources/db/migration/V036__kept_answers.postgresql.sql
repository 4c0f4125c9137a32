-- Idempotency keys and the answers kept for them: a caller's key is claimed by its first request (kept_at null while
-- it runs) and holds that request's answer, a stream's events included, for a retry to get again. Keys belong to their
-- owner (an API key, or an anonymous client's hash); the fingerprint tells a retry from another request with the key.
-- A request-log row of a replay names the request it replays.
CREATE TABLE kept_answer (
    owner           VARCHAR(200) NOT NULL,
    idempotency_key VARCHAR(255) NOT NULL,
    fingerprint     VARCHAR(64)  NOT NULL,
    request_id      VARCHAR(64)  NOT NULL,
    claimed_at      TIMESTAMP    NOT NULL,
    kept_at         TIMESTAMP,
    answering_model VARCHAR(200),
    fallback        BOOLEAN,
    status          INTEGER,
    content_type    VARCHAR(200),
    headers         VARCHAR(4000),
    body            BYTEA,
    PRIMARY KEY (owner, idempotency_key)
);
CREATE INDEX kept_answer_claimed ON kept_answer (claimed_at);
ALTER TABLE request_log ADD COLUMN replay_of VARCHAR(64);
