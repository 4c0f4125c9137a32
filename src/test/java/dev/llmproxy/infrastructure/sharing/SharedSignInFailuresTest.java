package dev.llmproxy.infrastructure.sharing;

import dev.llmproxy.domain.security.InMemorySignInFailures;
import dev.llmproxy.domain.security.SignInFailures;
import dev.llmproxy.infrastructure.persistence.JdbcSignInFailures;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class SharedSignInFailuresTest {

    private static final Instant NOW = Instant.parse("2026-12-04T10:00:00Z");
    private static final Duration WINDOW = Duration.ofMinutes(10);
    private static final List<String> KEYS = List.of("user:ada", "address:a1");

    /** The database's store, in memory, that can be cut off. */
    static final class Database extends JdbcSignInFailures {
        final SignInFailures rows = new InMemorySignInFailures();
        boolean down;

        @Override public Map<String, Count> counts(List<String> keys, Instant now, Duration window) {
            return reachable().counts(keys, now, window);
        }
        @Override public Map<String, Count> add(List<String> keys, Instant now, Duration window) {
            return reachable().add(keys, now, window);
        }
        @Override public void clear(String key) { reachable().clear(key); }
        @Override public int clearAll() { return reachable().clearAll(); }

        private SignInFailures reachable() {
            if (down) {
                throw new IllegalStateException("database unreachable");
            }
            return rows;
        }
    }

    private final Database database = new Database();
    private final SharedStore store = FallingBackGuard.store("sign-ins");
    private final SharedSignInFailures failures = failures(store);

    private SharedSignInFailures failures(SharedStore on) {
        SharedSignInFailures f = new SharedSignInFailures(on, database, new RedisConnection(), null); // no Redis named
        f.start();
        return f;
    }

    @Test
    void failuresAreCountedInTheSharedStore() {
        failures.add(KEYS, NOW, WINDOW);
        failures.add(KEYS, NOW, WINDOW);
        assertThat(database.rows.counts(KEYS, NOW, WINDOW).get("user:ada").failures()).isEqualTo(2);
        assertThat(failures.counts(KEYS, NOW, WINDOW).get("address:a1").failures()).isEqualTo(2);
        assertThat(store.usingShared(Backend.DATABASE)).isTrue();
    }

    @Test
    void whileTheStoreIsDownTheInstanceCountsOnItsOwnAndThoseCountsStillHoldWhenItAnswersAgain() {
        failures.add(KEYS, NOW, WINDOW);
        database.down = true;
        for (int i = 0; i < 3; i++) {
            failures.add(KEYS, NOW, WINDOW);
        }
        assertThat(failures.counts(KEYS, NOW, WINDOW).get("user:ada").failures()).isEqualTo(3);
        assertThat(store.usingShared(Backend.DATABASE)).isFalse();
        assertThat(store.fallbacks()).isEqualTo(4);
        database.down = false;
        // a guesser gains nothing from the outage: the larger count holds until its window ends
        assertThat(failures.counts(KEYS, NOW, WINDOW).get("user:ada").failures()).isEqualTo(3);
        assertThat(store.usingShared(Backend.DATABASE)).isTrue();
        assertThat(failures.counts(KEYS, NOW.plus(WINDOW), WINDOW)).isEmpty();
    }

    @Test
    void clearingForgetsTheCountsInBothPlaces() {
        database.down = true;
        failures.add(KEYS, NOW, WINDOW);
        database.down = false;
        failures.add(KEYS, NOW, WINDOW);
        failures.clear("user:ada");
        assertThat(failures.counts(KEYS, NOW, WINDOW)).containsOnlyKeys("address:a1");
        assertThat(failures.clearAll()).isEqualTo(2); // the address's count here and in the database
        assertThat(failures.counts(KEYS, NOW, WINDOW)).isEmpty();
    }

    @Test
    void aloneOnAnEmbeddedDatabaseFailuresAreCountedInMemoryAndWrittenBehindOnTheWayDown() {
        SharedSignInFailures alone = failures(FallingBackGuard.aloneStore("sign-ins-alone"));
        alone.add(KEYS, NOW, WINDOW);
        assertThat(alone.add(KEYS, NOW, WINDOW).get("user:ada").failures()).isEqualTo(2);
        assertThat(database.rows.counts(KEYS, NOW, WINDOW)).as("no write on the sign-in's path").isEmpty();
        alone.stop();
        assertThat(database.rows.counts(KEYS, NOW, WINDOW).get("user:ada").failures()).isEqualTo(2);
        assertThat(failures(FallingBackGuard.aloneStore("sign-ins-alone")).counts(KEYS, NOW, WINDOW)
                .get("address:a1").failures()).as("read back after a restart").isEqualTo(2);
    }
}
