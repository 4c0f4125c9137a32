-- A sign-in window's end, set when it starts from the window length in force then (epoch milliseconds), so that
-- lengthening the window later does not bring back a lock-out that has already ended. Null on rows counted before:
-- they end one current window after their start, as they did.
ALTER TABLE sign_in_failure ADD COLUMN window_end BIGINT;
