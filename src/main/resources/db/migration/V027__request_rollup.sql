-- What the request log says per hour, by answering model, by tier and by API key (dimension 'model', 'tier' or 'key';
-- name '' for none): the spend totals read these rows instead of summing the log. A row per value an hour saw, not
-- per combination of them, so an hour costs as many rows as it saw models, tiers and keys, whatever the traffic.
-- Kept by the log writer in the same transaction as the rows it adds; filled here from the log as it stands. The
-- cost columns count answered requests only, as the spend totals always have.
CREATE TABLE request_rollup (
    hour_start        TIMESTAMP       NOT NULL,
    dimension         VARCHAR(5)      NOT NULL,
    name              VARCHAR(200)    NOT NULL,
    requests          BIGINT          NOT NULL,
    ok                BIGINT          NOT NULL,
    degraded          BIGINT          NOT NULL,
    failed            BIGINT          NOT NULL,
    prompt_tokens     BIGINT          NOT NULL,
    completion_tokens BIGINT          NOT NULL,
    costed            BIGINT          NOT NULL,
    cost_usd          DECIMAL(24, 10) NOT NULL,
    PRIMARY KEY (dimension, hour_start, name)
);
INSERT INTO request_rollup (hour_start, dimension, name, requests, ok, degraded, failed, prompt_tokens,
                            completion_tokens, costed, cost_usd)
SELECT hour_start, dimension, name, COUNT(*),
       SUM(CASE WHEN status = 200 AND NOT fallback THEN 1 ELSE 0 END),
       SUM(CASE WHEN status = 200 AND fallback THEN 1 ELSE 0 END),
       SUM(CASE WHEN status <> 200 THEN 1 ELSE 0 END),
       COALESCE(SUM(prompt_tokens), 0), COALESCE(SUM(completion_tokens), 0), COUNT(answered_cost),
       COALESCE(SUM(answered_cost), 0)
FROM (SELECT DATE_TRUNC('HOUR', received_at) AS hour_start, 'model' AS dimension,
             COALESCE(answering_model, '') AS name, status, fallback, prompt_tokens, completion_tokens,
             CASE WHEN answering_model IS NULL THEN NULL ELSE cost_usd END AS answered_cost FROM request_log
      UNION ALL
      SELECT DATE_TRUNC('HOUR', received_at), 'tier', COALESCE(tier, ''), status, fallback, prompt_tokens,
             completion_tokens, CASE WHEN answering_model IS NULL THEN NULL ELSE cost_usd END FROM request_log
      UNION ALL
      SELECT DATE_TRUNC('HOUR', received_at), 'key', COALESCE(key_id, ''), status, fallback, prompt_tokens,
             completion_tokens, CASE WHEN answering_model IS NULL THEN NULL ELSE cost_usd END FROM request_log) t
GROUP BY hour_start, dimension, name;
