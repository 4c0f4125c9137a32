package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.routing.RateLimitCooldowns.Cooldown;
import dev.llmproxy.testing.MutableClock;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class RateLimitCooldownsTest {

    private final MutableClock clock = new MutableClock(Instant.parse("2026-12-04T10:00:00Z"));
    private final List<Cooldown> announced = new ArrayList<>();
    private final RateLimitCooldowns cooldowns = new RateLimitCooldowns(clock, announced::add);

    @Test
    void aCooldownStartedOrLengthenedHereIsAnnouncedAndAShorterOneIsNot() {
        cooldowns.coolDown("m", Duration.ofSeconds(30));
        cooldowns.coolDown("m", Duration.ofSeconds(10)); // the running one ends later: nothing new to tell
        cooldowns.coolDown("m", Duration.ofSeconds(60));
        assertThat(announced).extracting(Cooldown::until).containsExactly(clock.instant().plusSeconds(30),
                clock.instant().plusSeconds(60));
        assertThat(cooldowns.remaining("m")).hasValue(Duration.ofSeconds(60));
    }

    @Test
    void aCooldownHeardFromAnotherInstanceIsHeldHereAndNotAnnouncedAgain() {
        cooldowns.heard(new Cooldown("m", clock.instant().plusSeconds(20)));
        assertThat(cooldowns.remaining("m")).hasValue(Duration.ofSeconds(20));
        assertThat(announced).isEmpty();
        // one that ended meanwhile (a message late in coming) changes nothing
        cooldowns.heard(new Cooldown("other", clock.instant().minusSeconds(1)));
        assertThat(cooldowns.remaining("other")).isEmpty();
        clock.advance(Duration.ofSeconds(20));
        assertThat(cooldowns.remaining("m")).isEmpty();
    }

    @Test
    void aLongerCooldownSeenHereAfterOneHeardIsAnnounced() {
        cooldowns.heard(new Cooldown("m", clock.instant().plusSeconds(20)));
        cooldowns.coolDown("m", Duration.ofSeconds(5));
        assertThat(announced).isEmpty();
        cooldowns.coolDown("m", Duration.ofSeconds(25));
        assertThat(announced).containsExactly(new Cooldown("m", clock.instant().plusSeconds(25)));
    }

    @Test
    void noCooldownToldOrSeenOutlastsTheLongestOne() {
        cooldowns.heard(new Cooldown("forged", Instant.parse("9999-12-31T00:00:00Z")));
        assertThat(cooldowns.remaining("forged")).hasValue(RateLimitCooldowns.LONGEST);
        cooldowns.coolDown("daily", Duration.ofDays(1));
        assertThat(cooldowns.remaining("daily")).hasValue(RateLimitCooldowns.LONGEST);
    }
}
