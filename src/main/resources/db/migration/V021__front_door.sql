-- Which API a request came through (chat, messages...). Rows written before there was more than one are chat
-- completions; the row of a run of remembered refusals, which may span several, names none.
ALTER TABLE request_log ADD COLUMN front_door VARCHAR(16);
UPDATE request_log SET front_door = 'chat';
