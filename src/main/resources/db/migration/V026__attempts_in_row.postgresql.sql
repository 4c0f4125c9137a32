-- A request's attempts travel in its own row, as a JSON array: one insert per request instead of one more per
-- attempt, and a page of the log reads no second table.
ALTER TABLE request_log ADD COLUMN attempts VARCHAR;
UPDATE request_log r SET attempts = (
    SELECT json_agg(json_build_object('model', a.model, 'outcome', a.outcome, 'status', a.status,
                'latency_ms', a.latency_ms, 'reason', a.reason, 'tokens', a.tokens, 'cost_usd', a.cost_usd)
                ORDER BY a.seq)::text
    FROM request_attempt a WHERE a.request_id = r.request_id)
WHERE r.request_id IN (SELECT request_id FROM request_attempt);
DROP TABLE request_attempt;

-- At most three secondary indexes on the log, each one paid on every insert: time (the default page, time windows,
-- keyset paging and the purge), client and key (filters whose values are rare, where walking back in time would
-- read the whole log). Status, tier and model filters match often enough that walking the time index back finds a
-- page quickly.
DROP INDEX request_log_status;
DROP INDEX request_log_tier;
DROP INDEX request_log_requested;
DROP INDEX request_log_answering;
CREATE INDEX request_log_key ON request_log (key_id, received_at);
