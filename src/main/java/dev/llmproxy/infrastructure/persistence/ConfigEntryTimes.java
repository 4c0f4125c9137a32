package dev.llmproxy.infrastructure.persistence;

import jakarta.persistence.EntityManager;

import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * When each tier and model entered the configuration: kept across every later replace that still holds it, forgotten
 * when it leaves (so one added again is new again).
 */
final class ConfigEntryTimes {

    private ConfigEntryTimes() {
    }

    /** In the replacing transaction: names new to the configuration enter now, names gone are forgotten. */
    static void update(EntityManager em, Set<String> names, LocalDateTime now) {
        Set<String> known = new HashSet<>(read(em).keySet());
        for (String gone : known) {
            if (!names.contains(gone)) {
                em.createNativeQuery("DELETE FROM config_entry WHERE name = ?").setParameter(1, gone).executeUpdate();
            }
        }
        for (String name : names) {
            if (!known.contains(name)) {
                em.createNativeQuery("INSERT INTO config_entry (name, entered_at) VALUES (?, ?)")
                        .setParameter(1, name).setParameter(2, Timestamp.valueOf(now)).executeUpdate();
            }
        }
    }

    static Map<String, Instant> read(EntityManager em) {
        @SuppressWarnings("unchecked")
        List<Object[]> rows = em.createNativeQuery("SELECT name, entered_at FROM config_entry").getResultList();
        Map<String, Instant> out = new HashMap<>();
        for (Object[] row : rows) {
            out.put((String) row[0], instant(row[1]));
        }
        return out;
    }

    private static Instant instant(Object value) {
        if (value instanceof Timestamp t) {
            return t.toLocalDateTime().toInstant(ZoneOffset.UTC);
        }
        return ((LocalDateTime) value).toInstant(ZoneOffset.UTC);
    }
}
