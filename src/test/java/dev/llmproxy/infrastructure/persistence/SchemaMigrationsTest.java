package dev.llmproxy.infrastructure.persistence;

import dev.llmproxy.testing.LegacySchemaMigrator;
import dev.llmproxy.testing.Sql;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class SchemaMigrationsTest {

    /** Every migration the application holds. */
    private static final int LATEST = MigrationScripts.ALL.size();


    private static JdbcDataSource h2() {
        JdbcDataSource ds = new JdbcDataSource();
        ds.setURL("jdbc:h2:mem:migrate-" + System.nanoTime() + ";DB_CLOSE_DELAY=-1");
        return ds;
    }

    @Test
    void appliesEachMigrationOnceAndRecordsIt() throws Exception {
        JdbcDataSource ds = h2();
        SchemaMigrations migrations = new SchemaMigrations(ds);
        assertThat(migrations.migrate()).isEqualTo(LATEST);
        assertThat(migrations.migrate()).isEqualTo(LATEST);
        assertThat(Sql.column(ds, "SELECT COUNT(*) FROM \"flyway_schema_history\" WHERE \"success\" AND \"type\" = 'SQL'")).containsExactly(String.valueOf(LATEST));
    }

    @Test
    void everyScriptIsInTheApplication() {
        for (String dialect : List.of("h2", "postgresql")) {
            new MigrationScripts(dialect).getResources("V", new String[] {".sql"})
                    .forEach(script -> assertThat(script.read()).isNotNull());
        }
        assertThat(new MigrationScripts("postgresql").getResource("V006__rate_take.sql").getAbsolutePath())
                .isEqualTo("db/migration/V006__rate_take.postgresql.sql");
        assertThat(new MigrationScripts("h2").getResource("V006__rate_take.sql").getAbsolutePath())
                .isEqualTo("db/migration/V006__rate_take.sql");
    }

    @Test
    void takesOverADatabaseOfTheReleaseBeforeFlywayWithoutLosingARow() throws Exception {
        JdbcDataSource ds = h2();
        new LegacySchemaMigrator(ds).migrate();
        Sql.exec(ds, "INSERT INTO console_user (username, password_hash, roles, created_at)"
                + " VALUES ('kept', 'h', 'admin', CURRENT_TIMESTAMP)");

        assertThat(new SchemaMigrations(ds).migrate()).isEqualTo(LATEST);

        assertThat(Sql.column(ds, "SELECT username FROM console_user")).containsExactly("kept");
        assertThat(Sql.column(ds, "SELECT \"version\" || ':' || \"type\" FROM \"flyway_schema_history\" WHERE \"version\" IS NOT NULL ORDER BY \"installed_rank\""))
                .containsExactly("11:BASELINE", "012:SQL", "013:SQL", "014:SQL", "015:SQL", "016:SQL", "017:SQL",
                        "018:SQL", "019:SQL", "020:SQL", "021:SQL", "022:SQL", "023:SQL", "024:SQL", "025:SQL", "026:SQL", "027:SQL", "028:SQL", "029:SQL", "030:SQL", "031:SQL", "032:SQL", "033:SQL",
                        "034:SQL", "035:SQL", "036:SQL", "037:SQL");
        assertThat(Sql.column(ds, "SELECT COUNT(*) FROM schema_version")).containsExactly("11");
    }

    @Test
    void aDatabaseOfAnOlderReleaseGetsOnlyTheMigrationsItLacks() throws Exception {
        JdbcDataSource ds = h2();
        new LegacySchemaMigrator(ds).migrateTo(9);

        assertThat(new SchemaMigrations(ds).migrate()).isEqualTo(LATEST);

        assertThat(Sql.column(ds, "SELECT \"version\" || ':' || \"type\" FROM \"flyway_schema_history\" WHERE \"version\" IS NOT NULL ORDER BY \"installed_rank\""))
                .containsExactly("9:BASELINE", "010:SQL", "011:SQL", "012:SQL", "013:SQL", "014:SQL", "015:SQL", "016:SQL", "017:SQL",
                        "018:SQL", "019:SQL", "020:SQL", "021:SQL", "022:SQL", "023:SQL", "024:SQL", "025:SQL", "026:SQL", "027:SQL", "028:SQL", "029:SQL", "030:SQL", "031:SQL", "032:SQL", "033:SQL",
                        "034:SQL", "035:SQL", "036:SQL", "037:SQL");
        assertThat(Sql.column(ds, "SELECT COUNT(*) FROM sign_in_failure")).containsExactly("0");
    }

    @Test
    void aCloudProviderStoredWithoutASecretKeepsSigningInAsTheMachineNowNamed() throws Exception {
        JdbcDataSource ds = h2();
        SchemaMigrations migrations = new SchemaMigrations(ds);
        migrations.migrate("30");
        Sql.exec(ds, "INSERT INTO provider (name, kind, base_url, api_key_secret, sort_order) VALUES "
                + "('v', 'vertex', 'https://x', NULL, 0), ('b', 'bedrock', 'https://y', NULL, 1), "
                + "('o', 'openai', 'https://z', NULL, 2), ('k', 'vertex', 'https://x', 'KEY', 3)");
        migrations.migrate("31");
        assertThat(Sql.column(ds, "SELECT name || ':' || COALESCE(api_key_secret, '-') FROM provider ORDER BY name"))
                .containsExactly("b:machine-identity", "k:KEY", "o:-", "v:machine-identity");
    }
}
