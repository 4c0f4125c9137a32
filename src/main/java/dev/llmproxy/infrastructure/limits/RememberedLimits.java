package dev.llmproxy.infrastructure.limits;

import dev.llmproxy.domain.limits.Bucket;
import dev.llmproxy.domain.limits.Decision;
import dev.llmproxy.domain.limits.InMemoryRateLimitStore;
import dev.llmproxy.domain.limits.RateLimitStore;
import dev.llmproxy.domain.limits.WindowCounts;
import dev.llmproxy.infrastructure.persistence.EmbeddedFlush;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Rate limits of an instance alone on its database (embedded H2, which one process opens): counted exactly in memory,
 * with no transaction on a request's path, and written behind to {@code rate_window} ({@link #save}, every second and
 * at shutdown), from which a start reads them back. A restart keeps the counts; a crash loses at most the last
 * second's. The rows are the ones the shared stores keep, so a later move to PostgreSQL starts from them too.
 */
final class RememberedLimits implements RateLimitStore {

    private static final Logger LOG = Logger.getLogger(RememberedLimits.class.getName());
    private static final String SAVE = "MERGE INTO rate_window (bucket_key, hits, updated_at) KEY (bucket_key) "
            + "VALUES (?, ?, ?)";
    private static final String LOAD = "SELECT bucket_key, hits FROM rate_window WHERE updated_at >= ?";

    private final InMemoryRateLimitStore memory;
    private final DataSource dataSource;
    private volatile boolean saveFailing;
    /** Counts taken from memory by the save under way and not yet in the database file. */
    private volatile int writing;

    /** Reads back what was saved within {@code idle} of {@code now}: older counts can no longer refuse anything. */
    RememberedLimits(DataSource dataSource, Duration idle, Instant now) {
        this.dataSource = dataSource;
        this.memory = new InMemoryRateLimitStore(idle, true);
        memory.restore(load(now.minus(idle)));
    }

    @Override
    public Decision take(List<Bucket> buckets, Instant now) {
        return memory.take(buckets, now);
    }

    /** Writes the counts that changed since the last save; on failure they stay noted for the next one. */
    void save(Instant now) {
        Map<String, WindowCounts> changed = memory.changed();
        if (changed.isEmpty()) {
            return;
        }
        writing = changed.size();
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(false);
            try (PreparedStatement ps = c.prepareStatement(SAVE)) {
                for (Map.Entry<String, WindowCounts> e : changed.entrySet()) {
                    ps.setString(1, e.getKey());
                    ps.setString(2, e.getValue().encode());
                    ps.setLong(3, now.toEpochMilli());
                    ps.addBatch();
                }
                ps.executeBatch();
                c.commit();
                c.setAutoCommit(true);
                EmbeddedFlush.flush(c);
            } catch (SQLException | RuntimeException e) {
                c.rollback();
                throw e;
            }
            if (saveFailing) {
                saveFailing = false;
                LOG.info("Rate limits are written to the database again.");
            }
        } catch (SQLException | RuntimeException e) {
            memory.unsaved(changed.keySet());
            if (!saveFailing) {
                saveFailing = true;
                LOG.log(Level.WARNING, "Rate limits: could not write the counts to the database (" + e
                        + "); they are kept in memory and written when it answers. A restart meanwhile forgets them.");
            }
        } finally {
            writing = 0; // in the file now, or noted as changed again
        }
    }

    /** Counts changed since they were last written. */
    int unwritten() {
        return memory.unwritten() + writing;
    }

    void sweep(Instant now) {
        memory.sweepNow(now);
    }

    private Map<String, WindowCounts> load(Instant since) {
        Map<String, WindowCounts> saved = new HashMap<>();
        try (Connection c = dataSource.getConnection(); PreparedStatement ps = c.prepareStatement(LOAD)) {
            ps.setLong(1, since.toEpochMilli());
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    try {
                        saved.put(rs.getString(1), WindowCounts.decode(rs.getString(2)));
                    } catch (RuntimeException unreadable) {
                        LOG.warning("Rate limits: skipped unreadable saved counts of " + rs.getString(1));
                    }
                }
            }
        } catch (SQLException | RuntimeException e) {
            LOG.log(Level.WARNING, "Rate limits: could not read the saved counts (" + e + "); starting from none.");
        }
        return saved;
    }
}
