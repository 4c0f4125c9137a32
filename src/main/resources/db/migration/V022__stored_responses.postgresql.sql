-- Responses kept for /v1/responses callers (store: true): the conversation in chat form, for previous_response_id to
-- continue, and the response object, for GET. Keyed by the request that made them, so that they go with its
-- request-log row; only their owner (an API key, or an anonymous client's hash) may read them.
CREATE TABLE stored_response (
    response_id  VARCHAR(64)  NOT NULL PRIMARY KEY,
    request_id   VARCHAR(64)  NOT NULL,
    owner        VARCHAR(200) NOT NULL,
    created_at   TIMESTAMP    NOT NULL,
    conversation TEXT         NOT NULL,
    response     TEXT         NOT NULL
);
CREATE INDEX stored_response_request ON stored_response (request_id);
