-- Failed sign-ins per user name and per hashed client address, shared by every instance, so that password guessing
-- is throttled wherever it lands. A row's window starts at its first failure; times are epoch milliseconds.
CREATE TABLE sign_in_failure (
    throttle_key VARCHAR(200) PRIMARY KEY,
    failures     INTEGER      NOT NULL,
    window_start BIGINT       NOT NULL
);
