-- The console's request-log filters (status, tier, model) each get an index that also orders by time, as the pages
-- do; the time index (V001) serves the retention purge, which deletes the oldest rows in bounded batches.
CREATE INDEX request_log_status ON request_log (status, received_at);
CREATE INDEX request_log_tier ON request_log (tier, received_at);
CREATE INDEX request_log_requested ON request_log (requested_model, received_at);
CREATE INDEX request_log_answering ON request_log (answering_model, received_at);
