-- PROXY_ADMIN_PASSWORD is applied once per value: the hash of the value last applied is kept with the user, so that a
-- restart with the same value keeps a password changed in the console since.
ALTER TABLE console_user ADD COLUMN bootstrap_hash VARCHAR(200);
