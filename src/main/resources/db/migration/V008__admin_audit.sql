-- Every admin change (configuration, keys, users, breakers): who, when, what, before -> after.
CREATE TABLE admin_audit (
    id           VARCHAR(36)   PRIMARY KEY,
    at           TIMESTAMP     NOT NULL,
    actor        VARCHAR(200)  NOT NULL,
    action       VARCHAR(100)  NOT NULL,
    target       VARCHAR(300),
    before_value VARCHAR(4000),
    after_value  VARCHAR(4000)
);
CREATE INDEX admin_audit_at ON admin_audit (at);
