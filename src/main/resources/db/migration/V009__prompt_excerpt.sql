-- The start of the last user message, kept only when the setting logPromptChars is above 0.
ALTER TABLE request_log ADD COLUMN prompt_excerpt VARCHAR(10000);
