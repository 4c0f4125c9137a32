-- The model the upstream says answered, when it is not the allowlisted model's own name (a router's pick), and
-- whether a local stand-in answered (development with a local model server).
ALTER TABLE request_log ADD COLUMN answered_as VARCHAR(200);
ALTER TABLE request_log ADD COLUMN answered_locally BOOLEAN DEFAULT FALSE NOT NULL;
