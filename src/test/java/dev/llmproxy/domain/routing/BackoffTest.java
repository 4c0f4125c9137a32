package dev.llmproxy.domain.routing;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class BackoffTest {

    @Test
    void doublesPerRetryUpToTheMaximum() {
        Backoff top = new Backoff(Duration.ofMillis(200), Duration.ofMillis(1000), () -> 0.999999);
        assertThat(top.delay(1)).isEqualTo(Duration.ofMillis(199));
        assertThat(top.delay(2)).isEqualTo(Duration.ofMillis(399));
        assertThat(top.delay(3)).isEqualTo(Duration.ofMillis(799));
        assertThat(top.delay(4)).isEqualTo(Duration.ofMillis(999));
        assertThat(top.delay(200)).isEqualTo(Duration.ofMillis(999));
    }

    @Test
    void jitterKeepsAtLeastHalfTheBase() {
        Backoff low = new Backoff(Duration.ofMillis(200), Duration.ofMillis(1000), () -> 0.0);
        assertThat(low.delay(1)).isEqualTo(Duration.ofMillis(100));
        assertThat(low.delay(3)).isEqualTo(Duration.ofMillis(400));
    }

    @Test
    void rejectsBadArgumentsNamingTheField() {
        assertThatThrownBy(() -> new Backoff(Duration.ofMillis(500), Duration.ofMillis(100), () -> 0))
                .hasMessageContaining("backoffMaxMs");
        assertThatThrownBy(() -> new Backoff(Duration.ofMillis(-1), Duration.ofMillis(100), () -> 0))
                .hasMessageContaining("backoffInitialMs");
    }
}
