-- proxy_rate_take (V006) that also says how many requests each window holds once this one is entered, so that an
-- instance that loses the database allows its share of what was left of each limit, not of the whole limit.
-- A new name, so that an instance of the previous release keeps calling the function it knows during an upgrade.
-- Returns {row (1-based), retry-after ms} of the first full row, else {0, 0, count of row 1, count of row 2, ...}.
CREATE OR REPLACE FUNCTION proxy_rate_take_counted(p_keys TEXT[], p_lengths BIGINT[], p_slots BIGINT[], p_max INT[],
                                                   p_now BIGINT)
RETURNS BIGINT[] AS $$
DECLARE
    texts TEXT[] := ARRAY[]::TEXT[];
    totals BIGINT[] := ARRAY[0, 0]::BIGINT[];
    current_hits TEXT;
    total BIGINT;
    pair TEXT;
    kept TEXT[];
    current_slot BIGINT;
    n INT;
BEGIN
    FOR i IN 1 .. array_length(p_keys, 1) LOOP
        INSERT INTO rate_window (bucket_key, hits, updated_at) VALUES (p_keys[i], '', p_now)
            ON CONFLICT (bucket_key) DO NOTHING;
        SELECT r.hits INTO STRICT current_hits FROM rate_window r WHERE r.bucket_key = p_keys[i] FOR UPDATE;
        texts[i] := current_hits;
        SELECT coalesce(sum(split_part(x, ':', 2)::BIGINT), 0) INTO total
            FROM unnest(string_to_array(NULLIF(current_hits, ''), ',')) AS u(x)
            WHERE (split_part(x, ':', 1)::BIGINT + 1) * p_slots[i] > p_now - p_lengths[i];
        IF total >= p_max[i] THEN
            FOR pair IN SELECT x FROM unnest(string_to_array(current_hits, ',')) WITH ORDINALITY AS u(x, o)
                    WHERE (split_part(x, ':', 1)::BIGINT + 1) * p_slots[i] > p_now - p_lengths[i] ORDER BY o LOOP
                total := total - split_part(pair, ':', 2)::BIGINT;
                IF total < p_max[i] THEN
                    RETURN ARRAY[i::BIGINT,
                        greatest(1, (split_part(pair, ':', 1)::BIGINT + 1) * p_slots[i] + p_lengths[i] - p_now)];
                END IF;
            END LOOP;
            RETURN ARRAY[i::BIGINT, 1::BIGINT];
        END IF;
        totals := totals || (total + 1);
    END LOOP;
    FOR i IN 1 .. array_length(p_keys, 1) LOOP
        current_slot := p_now / p_slots[i];
        SELECT coalesce(array_agg(x ORDER BY o), ARRAY[]::TEXT[]) INTO kept
            FROM unnest(string_to_array(NULLIF(texts[i], ''), ',')) WITH ORDINALITY AS u(x, o)
            WHERE (split_part(x, ':', 1)::BIGINT + 1) * p_slots[i] > p_now - p_lengths[i];
        n := coalesce(array_length(kept, 1), 0);
        IF n > 0 AND split_part(kept[n], ':', 1)::BIGINT >= current_slot THEN
            kept[n] := split_part(kept[n], ':', 1) || ':' || (split_part(kept[n], ':', 2)::BIGINT + 1);
        ELSE
            kept := kept || (current_slot || ':1');
        END IF;
        UPDATE rate_window SET hits = array_to_string(kept, ','), updated_at = p_now WHERE bucket_key = p_keys[i];
    END LOOP;
    RETURN totals;
END;
$$ LANGUAGE plpgsql;
