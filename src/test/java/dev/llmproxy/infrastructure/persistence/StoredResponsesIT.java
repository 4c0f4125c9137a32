package dev.llmproxy.infrastructure.persistence;

import dev.llmproxy.application.responses.StoredResponses;
import dev.llmproxy.testing.MigratedDatabases;
import dev.llmproxy.testing.MutableClock;
import dev.llmproxy.testing.PostgresDatabases;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import javax.sql.DataSource;
import java.time.Duration;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

/** Stored responses on H2 and PostgreSQL: an owner keeps its newest ones up to the bound, the oldest go first. */
class StoredResponsesIT {

    private static final String DATABASE = "llmproxy_stored_it";
    private static DataSource h2;
    private static DataSource pg;

    @BeforeAll
    static void databases() throws Exception {
        h2 = MigratedDatabases.h2("stored");
        pg = MigratedDatabases.postgres(DATABASE);
    }

    @AfterAll
    static void drop() throws Exception {
        PostgresDatabases.drop(DATABASE);
    }

    @ParameterizedTest
    @ValueSource(strings = {"H2", "PostgreSQL"})
    void anOwnerKeepsItsNewestResponsesUpToTheBound(String database) {
        MutableClock clock = new MutableClock(Instant.parse("2026-12-06T00:00:00Z"));
        JdbcStoredResponses store = new JdbcStoredResponses(database.equals("H2") ? h2 : pg, clock);
        store.maxPerOwner = 10;
        int n = store.maxPerOwner + 3;
        for (int i = 0; i < n; i++) {
            clock.advance(Duration.ofSeconds(1));
            store.save(new StoredResponses.Stored("resp_" + i, "req_" + i, "key:many", "[]", "{}"));
        }
        store.save(new StoredResponses.Stored("resp_other", "req_other", "key:other", "[]", "{}"));
        assertThat(store.find("resp_0", "key:many")).isEmpty();
        assertThat(store.find("resp_2", "key:many")).isEmpty();
        assertThat(store.find("resp_3", "key:many")).isPresent();
        assertThat(store.find("resp_" + (n - 1), "key:many")).isPresent();
        assertThat(store.find("resp_other", "key:other")).isPresent();
        assertThat(store.find("resp\u0000x", "key:many")).isEmpty();
    }
}
