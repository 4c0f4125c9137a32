package dev.llmproxy.infrastructure.sharing;

import dev.llmproxy.domain.routing.RateLimitCooldowns.Cooldown;
import org.junit.jupiter.api.Test;

import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

class SharedCooldownsTest {

    @Test
    void aCooldownToldByAnotherInstanceIsReadBackAndAnythingElseOnTheChannelIsIgnored() {
        String[] told = PeerChannel.fields("b\tgpt-4o\t1764842400000", "a");
        assertThat(SharedCooldowns.read(told))
                .hasValue(new Cooldown("gpt-4o", Instant.ofEpochMilli(1764842400000L)));
        assertThat(PeerChannel.fields("a\tgpt-4o\t1764842400000", "a")).isNull(); // its own
        assertThat(SharedCooldowns.read(PeerChannel.fields("hello", "a"))).isEmpty();
        assertThat(SharedCooldowns.read(PeerChannel.fields("b\t\t1", "a"))).isEmpty();
        assertThat(SharedCooldowns.read(PeerChannel.fields("b\tm\tsoon", "a"))).isEmpty();
        assertThat(SharedCooldowns.read(PeerChannel.fields("b\tm\t1\textra", "a"))).isEmpty();
    }
}
