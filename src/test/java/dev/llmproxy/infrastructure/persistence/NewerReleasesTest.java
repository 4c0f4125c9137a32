package dev.llmproxy.infrastructure.persistence;

import dev.llmproxy.domain.config.ConfigValidationException;
import dev.llmproxy.domain.config.RuntimeConfig;
import dev.llmproxy.domain.config.Settings;
import dev.llmproxy.testing.MigratedDatabases;
import dev.llmproxy.testing.Sql;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.Persistence;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import javax.sql.DataSource;
import java.sql.Connection;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A rolling upgrade: an instance of this release saving while a newer one runs on the same database keeps what only
 * the newer one knows (its settings), and refuses to save over a schema the newer one migrated (its columns).
 */
class NewerReleasesTest {

    private DataSource ds;
    private Connection open;
    private EntityManagerFactory emf;
    private JpaConfigRepository repository;

    @BeforeEach
    void database() throws Exception {
        ds = MigratedDatabases.h2("newer-releases");
        open = ds.getConnection(); // keeps the in-memory database for the test
        emf = Persistence.createEntityManagerFactory("proxy", Map.of(
                "jakarta.persistence.transactionType", "RESOURCE_LOCAL", "jakarta.persistence.jtaDataSource", "",
                "jakarta.persistence.nonJtaDataSource", ds, "eclipselink.target-server", "None"));
        repository = new JpaConfigRepository();
        repository.em = emf.createEntityManager();
        inTransaction(() -> repository.replace(config(), "admin", "first", "{}"));
    }

    @AfterEach
    void close() throws Exception {
        emf.close();
        open.close();
    }

    @Test
    void aSettingOfANewerReleaseOutlivesASaveByThisOne() throws Exception {
        Sql.exec(ds, "INSERT INTO setting (name, setting_value) VALUES ('aSettingOfANewerRelease', '42')");

        inTransaction(() -> repository.replace(config(), "admin", "second", "{}"));

        assertThat(Sql.column(ds, "SELECT setting_value FROM setting WHERE name = 'aSettingOfANewerRelease'"))
                .containsExactly("42");
        assertThat(Sql.column(ds, "SELECT COUNT(*) FROM setting WHERE name = 'maxSameModelRetries'")).containsExactly("1");
    }

    @Test
    void aSchemaANewerReleaseMigratedRefusesThisOnesSaveAndSaysWhy() throws Exception {
        int newer = NewerReleases.newestKnown() + 1;
        Sql.exec(ds, "INSERT INTO \"flyway_schema_history\" (\"installed_rank\", \"version\", \"description\", \"type\","
                + " \"script\", \"checksum\", \"installed_by\", \"execution_time\", \"success\") VALUES (1000, '0" + newer
                + "', 'a newer release', 'SQL', 'V0" + newer + "__newer.sql', 0, 'proxy', 1, TRUE)");

        assertThatThrownBy(() -> inTransaction(() -> repository.replace(config(), "admin", "second", "{}")))
                .isInstanceOfSatisfying(ConfigValidationException.class, e -> {
                    assertThat(e.found().get(0).path()).isEqualTo("release");
                    assertThat(e.getMessage()).contains("schema version " + newer, "knows up to " + (newer - 1));
                });
        assertThat(inTransaction(repository::latestVersion)).isEqualTo(1L);
    }

    private static RuntimeConfig config() {
        return RuntimeConfig.of(0, List.of(), List.of(), List.of(), Settings.defaults());
    }

    private <T> T inTransaction(Supplier<T> work) {
        var tx = repository.em.getTransaction();
        tx.begin();
        try {
            T result = work.get();
            tx.commit();
            return result;
        } finally {
            if (tx.isActive()) {
                tx.rollback();
            }
        }
    }
}
