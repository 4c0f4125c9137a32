package dev.llmproxy.infrastructure.persistence;

import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;

import static org.assertj.core.api.Assertions.assertThat;

class SchemaMigratorTest {

    @Test
    void appliesEachMigrationOnceAndRecordsIt() throws Exception {
        JdbcDataSource ds = new JdbcDataSource();
        ds.setURL("jdbc:h2:mem:migrate-" + System.nanoTime() + ";DB_CLOSE_DELAY=-1");
        SchemaMigrator migrator = new SchemaMigrator(ds);
        assertThat(migrator.migrate()).isEqualTo(SchemaMigrator.MIGRATIONS.size());
        assertThat(migrator.migrate()).isEqualTo(SchemaMigrator.MIGRATIONS.size());
        try (Connection c = ds.getConnection(); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM schema_version")) {
            rs.next();
            assertThat(rs.getInt(1)).isEqualTo(SchemaMigrator.MIGRATIONS.size());
        }
    }

    @Test
    void splitsStatementsAndSkipsComments() {
        assertThat(SchemaMigrator.statements("-- c\nCREATE TABLE a (x INT);\n\nCREATE INDEX i\n ON a (x);\n"))
                .containsExactly("CREATE TABLE a (x INT)", "CREATE INDEX i\n ON a (x)");
    }
}
