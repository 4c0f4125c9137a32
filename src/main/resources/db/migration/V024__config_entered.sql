-- When each tier and model entered the configuration (the models list's "created"). Entries already there are dated
-- from the first stored configuration, the earliest they can have entered.
CREATE TABLE config_entry (
    name       VARCHAR(200) PRIMARY KEY,
    entered_at TIMESTAMP    NOT NULL
);
INSERT INTO config_entry (name, entered_at)
    SELECT name, COALESCE((SELECT MIN(created_at) FROM config_version), CURRENT_TIMESTAMP) FROM allowed_model;
INSERT INTO config_entry (name, entered_at)
    SELECT name, COALESCE((SELECT MIN(created_at) FROM config_version), CURRENT_TIMESTAMP) FROM tier;
