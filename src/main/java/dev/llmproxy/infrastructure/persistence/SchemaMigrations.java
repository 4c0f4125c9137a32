package dev.llmproxy.infrastructure.persistence;

import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.output.MigrateResult;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.OptionalInt;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * Brings the schema up to date with Flyway, before the persistence unit is used. The schema is never generated from
 * the entities. A database made by a release before Flyway (its history in {@code schema_version}) is taken over in
 * place: Flyway records the version it had reached as its baseline and applies only what came after.
 */
public final class SchemaMigrations {

    private static final Logger LOG = Logger.getLogger(SchemaMigrations.class.getName());
    static final String HISTORY = "flyway_schema_history";
    static final String LEGACY_HISTORY = "schema_version";

    private final DataSource dataSource;

    public SchemaMigrations(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    /** @return the schema version after migrating */
    public int migrate() throws SQLException {
        return migrate("latest");
    }

    /** Up to {@code target} (a version, or {@code latest}): tests build a database as an older release left it. */
    int migrate(String target) throws SQLException {
        String dialect;
        OptionalInt legacy;
        try (Connection c = dataSource.getConnection()) {
            dialect = StartupLock.isPostgres(c) ? "postgresql" : "h2";
            legacy = hasTable(c, HISTORY) ? OptionalInt.empty() : legacyVersion(c);
        }
        // Flyway always looks for callback classes in db/callback; on Liberty a folder resolves only with a file in
        // it, hence the empty db/callback/flyway.location (else Flyway logs an error at every start).
        Flyway flyway = Flyway.configure(SchemaMigrations.class.getClassLoader())
                .dataSource(dataSource)
                .table(HISTORY)
                .resourceProvider(new MigrationScripts(dialect))
                .javaMigrationClassProvider(List::of)
                .skipDefaultCallbacks(true)
                .placeholderReplacement(false)
                .cleanDisabled(true)
                .loggers("org.flywaydb.core.internal.logging.javautil.JavaUtilLogCreator")
                .baselineVersion(String.valueOf(legacy.orElse(0)))
                .baselineDescription("schema_version " + legacy.orElse(0))
                .target(target)
                .load();
        if (legacy.isPresent()) {
            LOG.info("Taking the schema over from " + LEGACY_HISTORY + " at version " + legacy.getAsInt());
            flyway.baseline();
        }
        MigrateResult result = flyway.migrate();
        LOG.info("Schema migrations applied: " + result.migrationsExecuted);
        // versions are plain numbers (V001..): Flyway keeps them as written, a baseline as given
        return Integer.parseInt(flyway.info().current().getVersion().getVersion());
    }

    /** The version a release before Flyway reached, if this database was made by one. */
    private static OptionalInt legacyVersion(Connection c) throws SQLException {
        if (!hasTable(c, LEGACY_HISTORY)) {
            return OptionalInt.empty();
        }
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT MAX(version) FROM " + LEGACY_HISTORY)) {
            return rs.next() && rs.getInt(1) > 0 ? OptionalInt.of(rs.getInt(1)) : OptionalInt.empty();
        }
    }

    private static boolean hasTable(Connection c, String name) throws SQLException {
        DatabaseMetaData meta = c.getMetaData();
        String schema = c.getSchema();
        for (String candidate : new String[] {name, name.toUpperCase(java.util.Locale.ROOT)}) {
            try (ResultSet rs = meta.getTables(null, schema, candidate, new String[] {"TABLE"})) {
                if (rs.next()) {
                    return true;
                }
            }
        }
        return false;
    }
}
