package dev.llmproxy.domain.limits;

import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/** Several requests entered at once, and some taken back: what a lease of a shared store does to a window's counts. */
class WindowCountsTest {

    private static final Window MINUTE = new Window("keyLimitPerMinute", Duration.ofMinutes(1), 100);
    private static final long T = 1_796_000_000_000L; // a whole second

    @Test
    void severalRequestsAreEnteredInTheSlotOfNow() {
        WindowCounts counts = WindowCounts.EMPTY.record(MINUTE, T, 30).record(MINUTE, T + 500, 5);
        assertThat(counts.encode()).isEqualTo((T / 1000) + ":35");
        assertThat(counts.newestSlot()).isEqualTo(T / 1000);
        assertThat(counts.room(MINUTE, T + 500)).isEqualTo(65);
        assertThat(counts.room(MINUTE, T + 60_999)).isEqualTo(65); // a slot counts whole until it has left the minute
        assertThat(counts.room(MINUTE, T + 61_000)).isEqualTo(100);
    }

    @Test
    void whatIsTakenBackLeavesItsSlotNeverBelowNone() {
        WindowCounts counts = WindowCounts.EMPTY.record(MINUTE, T, 30).record(MINUTE, T + 1_000, 20);
        assertThat(counts.without(T / 1000, 10).encode()).isEqualTo((T / 1000) + ":20," + (T / 1000 + 1) + ":20");
        assertThat(counts.without(T / 1000, 30).encode()).isEqualTo((T / 1000 + 1) + ":20");
        assertThat(counts.without(T / 1000, 99).encode()).isEqualTo((T / 1000 + 1) + ":20");
        assertThat(counts.without(T / 1000 - 5, 10)).isSameAs(counts); // a slot already gone
    }

    @Test
    void aFullWindowHasNoRoom() {
        WindowCounts counts = WindowCounts.EMPTY.record(MINUTE, T, 100);
        assertThat(counts.room(MINUTE, T + 59_000)).isZero();
        assertThat(counts.refusal(MINUTE, T + 59_000)).isEqualTo(Duration.ofSeconds(2));
    }
}
