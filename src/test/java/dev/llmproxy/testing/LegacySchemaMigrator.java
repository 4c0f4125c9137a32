package dev.llmproxy.testing;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * The hand-written migrator of releases before Flyway, kept verbatim in behaviour: it builds databases exactly as
 * those releases left them ({@code schema_version} table, V001..V011), so the upgrade to Flyway can be tested.
 */
public final class LegacySchemaMigrator {

    private static final Logger LOG = Logger.getLogger(LegacySchemaMigrator.class.getName());

    /** The migrations those releases shipped. */
    public static final List<String> MIGRATIONS = List.of("V001__initial_schema.sql", "V002__stream_stats.sql",
            "V003__breaker_transitions.sql", "V004__queue_wait.sql", "V005__callers_and_limits.sql",
            "V006__rate_take.sql", "V007__instance_heartbeat.sql", "V008__admin_audit.sql",
            "V009__prompt_excerpt.sql", "V010__sign_in_failures.sql", "V011__request_log_retention.sql");

    private final DataSource dataSource;

    public LegacySchemaMigrator(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    /** @return the schema version after migrating */
    public int migrate() throws SQLException {
        return migrateTo(MIGRATIONS.size());
    }

    /** As a release that shipped only the first {@code last} migrations left its database. */
    public int migrateTo(int last) throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            ensureVersionTable(c);
            int current = currentVersion(c);
            String dialect = c.getMetaData().getDatabaseProductName().toLowerCase(java.util.Locale.ROOT).contains("postgres") ? "postgresql" : "h2";
            for (int i = current; i < last; i++) {
                apply(c, i + 1, variant(MIGRATIONS.get(i), dialect));
            }
            return last;
        }
    }

    private static void ensureVersionTable(Connection c) throws SQLException {
        DatabaseMetaData meta = c.getMetaData();
        for (String name : new String[] {"schema_version", "SCHEMA_VERSION"}) {
            try (ResultSet rs = meta.getTables(null, null, name, null)) {
                if (rs.next()) {
                    return;
                }
            }
        }
        try (Statement s = c.createStatement()) {
            s.execute("CREATE TABLE schema_version (version INTEGER PRIMARY KEY, description VARCHAR(200) NOT NULL,"
                    + " applied_at TIMESTAMP NOT NULL)");
        }
    }

    private static int currentVersion(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT MAX(version) FROM schema_version")) {
            rs.next();
            return rs.getInt(1);
        }
    }

    private static void apply(Connection c, int version, String file) throws SQLException {
        LOG.info("Applying schema migration " + file);
        boolean autoCommit = c.getAutoCommit();
        c.setAutoCommit(false);
        try (Statement s = c.createStatement()) {
            for (String sql : statements(read(file))) {
                s.execute(sql);
            }
            try (PreparedStatement p = c.prepareStatement(
                    "INSERT INTO schema_version (version, description, applied_at) VALUES (?, ?, ?)")) {
                p.setInt(1, version);
                p.setString(2, file);
                p.setTimestamp(3, Timestamp.from(Instant.now()));
                p.executeUpdate();
            }
            c.commit();
        } catch (SQLException e) {
            c.rollback();
            throw new SQLException("schema migration " + file + " failed: " + e.getMessage(), e);
        } finally {
            c.setAutoCommit(autoCommit);
        }
    }

    /**
     * A migration is portable SQL, unless a database has its own variant next to it
     * ({@code V006__rate_take.postgresql.sql} for {@code V006__rate_take.sql}).
     */
    static String variant(String file, String dialect) {
        String specific = file.replace(".sql", "." + dialect + ".sql");
        return LegacySchemaMigrator.class.getResource("/db/migration/" + specific) != null ? specific : file;
    }

    static String read(String file) {
        String path = "/db/migration/" + file;
        try (InputStream in = LegacySchemaMigrator.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("migration " + path + " is missing");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + path, e);
        }
    }

    /**
     * Splits a script on semicolons that end a line, dropping comment lines; a {@code $$}-quoted body (a PostgreSQL
     * function) is kept whole.
     */
    static List<String> statements(String script) {
        List<String> out = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        boolean quoted = false;
        for (String line : script.split("\n")) {
            String trimmed = line.strip();
            if (trimmed.isEmpty() || (!quoted && trimmed.startsWith("--"))) {
                continue;
            }
            current.append(line).append('\n');
            if ((line.split("\\$\\$", -1).length - 1) % 2 == 1) {
                quoted = !quoted;
            }
            if (!quoted && trimmed.endsWith(";")) {
                String sql = current.toString().strip();
                out.add(sql.substring(0, sql.length() - 1));
                current.setLength(0);
            }
        }
        if (!current.toString().isBlank()) {
            out.add(current.toString().strip());
        }
        return out;
    }
}
