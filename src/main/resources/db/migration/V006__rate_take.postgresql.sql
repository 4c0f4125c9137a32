-- The rate-limit check-and-enter as one call (one round trip per request): the same rules as SlidingLog.
-- Buckets come sorted by key, so concurrent calls lock rows in the same order and never deadlock each other.
-- Windows are given flat: p_win_bucket[w] is the (1-based) bucket window w belongs to.
-- Returns NULL when the request was entered in every bucket, else {w, retry-after ms} of the first full window.
CREATE OR REPLACE FUNCTION proxy_rate_take(p_keys TEXT[], p_horizons BIGINT[], p_capacities INT[],
                                           p_win_bucket INT[], p_win_len BIGINT[], p_win_max INT[], p_now BIGINT)
RETURNS BIGINT[] AS $$
DECLARE
    texts TEXT[] := ARRAY[]::TEXT[];
    current_hits TEXT;
    hits BIGINT[];
    kept BIGINT[];
    n INT;
    total INT;
BEGIN
    FOR i IN 1 .. array_length(p_keys, 1) LOOP
        INSERT INTO rate_window (bucket_key, hits, updated_at) VALUES (p_keys[i], '', p_now)
            ON CONFLICT (bucket_key) DO NOTHING;
        SELECT r.hits INTO STRICT current_hits FROM rate_window r WHERE r.bucket_key = p_keys[i] FOR UPDATE;
        texts[i] := current_hits;
        hits := CASE WHEN texts[i] = '' THEN ARRAY[]::BIGINT[] ELSE string_to_array(texts[i], ',')::BIGINT[] END;
        total := coalesce(array_length(hits, 1), 0);
        FOR w IN 1 .. array_length(p_win_bucket, 1) LOOP
            IF p_win_bucket[w] = i THEN
                SELECT count(*) INTO n FROM unnest(hits) h WHERE h > p_now - p_win_len[w];
                IF n >= p_win_max[w] THEN
                    RETURN ARRAY[w::BIGINT, greatest(1, hits[total - p_win_max[w] + 1] + p_win_len[w] - p_now)];
                END IF;
            END IF;
        END LOOP;
    END LOOP;
    FOR i IN 1 .. array_length(p_keys, 1) LOOP
        hits := CASE WHEN texts[i] = '' THEN ARRAY[]::BIGINT[] ELSE string_to_array(texts[i], ',')::BIGINT[] END;
        SELECT coalesce(array_agg(h ORDER BY h), ARRAY[]::BIGINT[]) INTO kept FROM (
            SELECT h FROM unnest(hits) h WHERE h > p_now - p_horizons[i] ORDER BY h DESC LIMIT p_capacities[i] - 1) t;
        kept := kept || greatest(p_now, coalesce(kept[array_length(kept, 1)], p_now));
        UPDATE rate_window SET hits = array_to_string(kept, ','), updated_at = p_now WHERE bucket_key = p_keys[i];
    END LOOP;
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;
