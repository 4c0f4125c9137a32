package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.failure.Outcome;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static dev.llmproxy.domain.routing.FakeUpstream.ok;
import static dev.llmproxy.domain.routing.FakeUpstream.rateLimited;
import static dev.llmproxy.domain.routing.FakeUpstream.status;
import static dev.llmproxy.domain.routing.PolicyFixture.result;
import static dev.llmproxy.domain.routing.PolicyFixture.turn;
import static org.assertj.core.api.Assertions.assertThat;

class RateLimitPolicyTest {

    private final PolicyFixture f = new PolicyFixture();
    private final RateLimitPolicy policy = new RateLimitPolicy(f.cooldowns, new ProviderQuotas(f.clock, f.cooldowns), f.sleeper);

    @Test
    void a429CoolsTheModelDownForItsRetryAfter() {
        f.answers(rateLimited(Duration.ofSeconds(30)));
        RunContext run = f.run("a", "b");
        result(policy.apply(turn(run, 0), f.inner));
        assertThat(f.cooldowns.remaining("a")).contains(Duration.ofSeconds(30));
        assertThat(run.saw429()).isTrue();
        assertThat(f.sleeps).isEmpty(); // b can answer: no wait
    }

    @Test
    void a429WithoutRetryAfterCoolsDownForTheDefault() {
        f.answers(rateLimited(null));
        result(policy.apply(turn(f.run("a", "b"), 0), f.inner));
        assertThat(f.cooldowns.remaining("a")).contains(Duration.ofMinutes(1));
    }

    @Test
    void aModelCoolingDownIsPassedOverWithoutACall() {
        f.cooldowns.coolDown("a", Duration.ofMillis(4200));
        RunContext run = f.run("a", "b");
        assertThat(result(policy.apply(turn(run, 0), f.inner))).isSameAs(ModelResult.SKIPPED);
        assertThat(f.innerRuns).isEmpty();
        assertThat(run.saw429()).isTrue();
        assertThat(run.log().all()).singleElement().satisfies(a -> {
            assertThat(a.outcome()).isEqualTo(Outcome.SKIPPED_COOLDOWN);
            assertThat(a.reason()).isEqualTo("not called: rate-limited, cooling down for another 5 s");
        });
    }

    @Test
    void theLastModelThatCanAnswerWaitsOutItsRetryAfterOnceAndIsAskedAgain() {
        f.answers(rateLimited(Duration.ofSeconds(2)), rateLimited(Duration.ofSeconds(2)));
        RunContext run = f.run("a");
        result(policy.apply(turn(run, 0), f.inner));
        assertThat(f.sleeps).containsExactly(Duration.ofSeconds(2)); // once per request, however often it answers 429
        assertThat(f.innerRuns).hasSize(2);
        assertThat(run.mayWaitForRetryAfter()).isFalse();
    }

    @Test
    void noWaitWhenALaterModelIsFreeOrTheWaitWouldReachTheDeadline() {
        f.answers(rateLimited(Duration.ofSeconds(2)));
        result(policy.apply(turn(f.run("a", "b"), 0), f.inner));
        f.answers(rateLimited(Duration.ofSeconds(20)));
        result(policy.apply(turn(f.run("c"), 0), f.inner));
        assertThat(f.sleeps).isEmpty();
    }

    @Test
    void noWaitWhenTheSettingIsOff() {
        f.settings = f.settings.toBuilder().set("waitForRetryAfterOnLastModel", false).build();
        f.answers(rateLimited(Duration.ofSeconds(2)));
        result(policy.apply(turn(f.run("a"), 0), f.inner));
        assertThat(f.sleeps).isEmpty();
    }

    @Test
    void otherAnswersPassThroughUntouched() {
        f.answers(status(503), ok("a"));
        RunContext run = f.run("a");
        result(policy.apply(turn(run, 0), f.inner));
        result(policy.apply(turn(run, 0), f.inner));
        assertThat(f.cooldowns.remaining("a")).isEmpty();
        assertThat(run.saw429()).isFalse();
    }
}
