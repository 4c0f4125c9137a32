package dev.llmproxy.infrastructure.sharing;

import dev.llmproxy.domain.security.InMemorySignInFailures;
import dev.llmproxy.domain.security.SignInFailures;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class RememberedSignInFailuresTest {

    private static final Instant NOW = Instant.parse("2026-12-04T10:00:00Z");
    private static final Duration WINDOW = Duration.ofMinutes(15);
    private static final List<String> KEYS = List.of("user:ada", "address:a1");

    /** The embedded database's store (its rows kept in memory here). */
    private final SignInFailures database = new InMemorySignInFailures();

    @Test
    void failuresAreCountedInMemoryAndWrittenBehindInTheOrderTheyCame() {
        RememberedSignInFailures failures = new RememberedSignInFailures(database);
        failures.add(KEYS, NOW, WINDOW);
        assertThat(failures.add(KEYS, NOW.plusSeconds(5), WINDOW).get("user:ada").failures()).isEqualTo(2);
        assertThat(database.counts(KEYS, NOW.plusSeconds(5), WINDOW)).as("not written yet").isEmpty();
        failures.save();
        SignInFailures.Count saved = database.counts(KEYS, NOW.plusSeconds(5), WINDOW).get("user:ada");
        assertThat(saved.failures()).isEqualTo(2);
        assertThat(saved.windowStart()).isEqualTo(NOW);
    }

    @Test
    void aRestartedInstanceReadsEachKeysCountBackSoNoLockOutIsForgotten() {
        RememberedSignInFailures before = new RememberedSignInFailures(database);
        for (int i = 0; i < 3; i++) {
            before.add(KEYS, NOW, WINDOW);
        }
        before.save();

        RememberedSignInFailures after = new RememberedSignInFailures(database);
        assertThat(after.counts(KEYS, NOW.plusSeconds(60), WINDOW).get("address:a1").failures()).isEqualTo(3);
        assertThat(after.add(KEYS, NOW.plusSeconds(61), WINDOW).get("user:ada").failures()).isEqualTo(4);
        after.save();
        assertThat(database.counts(KEYS, NOW.plusSeconds(61), WINDOW).get("user:ada").failures()).isEqualTo(4);
    }

    @Test
    void clearingForgetsAKeyInMemoryAndInTheDatabase() {
        RememberedSignInFailures failures = new RememberedSignInFailures(database);
        failures.add(KEYS, NOW, WINDOW);
        failures.clear("user:ada");
        assertThat(failures.counts(KEYS, NOW, WINDOW)).containsOnlyKeys("address:a1");
        assertThat(database.counts(KEYS, NOW, WINDOW)).containsOnlyKeys("address:a1");
        assertThat(failures.clearAll()).isEqualTo(1);
        assertThat(new RememberedSignInFailures(database).counts(KEYS, NOW, WINDOW)).isEmpty();
    }
}
