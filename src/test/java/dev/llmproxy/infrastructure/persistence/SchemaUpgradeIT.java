package dev.llmproxy.infrastructure.persistence;

import dev.llmproxy.testing.LegacySchemaMigrator;
import dev.llmproxy.testing.PostgresDatabases;
import dev.llmproxy.testing.Sql;
import org.postgresql.ds.PGSimpleDataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

import javax.sql.DataSource;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A PostgreSQL schema made by a release before Flyway upgrades in place, keeps its rows, and ends up with the same
 * tables and columns as one Flyway built from nothing.
 */
class SchemaUpgradeIT {

    private static final String LEGACY = "llmproxy_upgrade_it";
    private static final String FRESH = "llmproxy_fresh_it";

    @AfterAll
    static void drop() throws Exception {
        PostgresDatabases.drop(LEGACY);
        PostgresDatabases.drop(FRESH);
    }

    @Test
    void aReleaseBeforeFlywayUpgradesInPlaceToTheSameSchema() throws Exception {
        DataSource legacy = database(LEGACY);
        new LegacySchemaMigrator(legacy).migrateTo(8);
        Sql.exec(legacy, "INSERT INTO console_user (username, password_hash, roles, created_at)"
                + " VALUES ('kept', 'h', 'admin', CURRENT_TIMESTAMP)");

        assertThat(new SchemaMigrations(legacy).migrate()).isEqualTo(MigrationScripts.ALL.size());
        assertThat(new SchemaMigrations(legacy).migrate()).isEqualTo(MigrationScripts.ALL.size());

        assertThat(Sql.column(legacy, "SELECT username FROM console_user")).containsExactly("kept");
        assertThat(Sql.column(legacy, "SELECT version || ':' || type FROM flyway_schema_history WHERE version IS NOT NULL"
                + " ORDER BY installed_rank")).containsExactly("8:BASELINE", "009:SQL", "010:SQL", "011:SQL", "012:SQL", "013:SQL", "014:SQL", "015:SQL", "016:SQL", "017:SQL", "018:SQL", "019:SQL", "020:SQL", "021:SQL", "022:SQL", "023:SQL", "024:SQL", "025:SQL", "026:SQL", "027:SQL", "028:SQL", "029:SQL", "030:SQL", "031:SQL",
                        "032:SQL", "033:SQL", "034:SQL", "035:SQL", "036:SQL", "037:SQL");

        DataSource fresh = database(FRESH);
        new SchemaMigrations(fresh).migrate();
        assertThat(columns(legacy)).isEqualTo(columns(fresh));
    }

    private static DataSource database(String name) throws Exception {
        PostgresDatabases.recreate(name);
        PGSimpleDataSource pg = new PGSimpleDataSource();
        pg.setURL(PostgresDatabases.url(name, 5432));
        pg.setUser(PostgresDatabases.USER);
        return pg;
    }

    /** Every table's columns and types, but the two history tables. */
    private static List<String> columns(DataSource ds) throws Exception {
        return Sql.column(ds, "SELECT table_name || '.' || column_name || ' ' || data_type FROM information_schema.columns"
                + " WHERE table_schema = 'public' AND table_name NOT IN ('schema_version', 'flyway_schema_history')"
                + " ORDER BY table_name, column_name");
    }
}
