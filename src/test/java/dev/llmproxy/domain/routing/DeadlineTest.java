package dev.llmproxy.domain.routing;

import dev.llmproxy.testing.MutableClock;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

class DeadlineTest {

    @Test
    void capsLimitsByWhatIsLeftAndExpires() {
        MutableClock clock = MutableClock.atEpoch();
        Deadline d = new Deadline(clock, Duration.ofSeconds(10));
        assertThat(d.cap(Duration.ofSeconds(3))).isEqualTo(Duration.ofSeconds(3));
        clock.advance(Duration.ofSeconds(8));
        assertThat(d.cap(Duration.ofSeconds(3))).isEqualTo(Duration.ofSeconds(2));
        assertThat(d.expired()).isFalse();
        clock.advance(Duration.ofSeconds(2));
        assertThat(d.expired()).isTrue();
        clock.advance(Duration.ofSeconds(2));
        assertThat(d.remaining()).isZero();
    }
}
