-- A model's reasoning effort when the caller names none, and the output room it gets for its thoughts.
ALTER TABLE allowed_model ADD COLUMN reasoning_effort VARCHAR(20);
ALTER TABLE allowed_model ADD COLUMN thinking_headroom INTEGER;
