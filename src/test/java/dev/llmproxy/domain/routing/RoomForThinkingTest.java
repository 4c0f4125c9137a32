package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.answer.Finish;
import dev.llmproxy.domain.answer.Answers;
import dev.llmproxy.domain.failure.Outcome;
import dev.llmproxy.domain.upstream.TokenUsage;
import dev.llmproxy.domain.upstream.UpstreamReply;
import org.junit.jupiter.api.Test;

import static dev.llmproxy.domain.routing.FakeUpstream.ok;
import static dev.llmproxy.domain.routing.PolicyFixture.result;
import static dev.llmproxy.domain.routing.PolicyFixture.turn;
import static org.assertj.core.api.Assertions.assertThat;

class RoomForThinkingTest {

    private final PolicyFixture f = new PolicyFixture();
    private final RoomForThinking policy = new RoomForThinking();

    /** Cut at length: with reasoning tokens the thoughts used up the budget; without, the answer did. */
    private static UpstreamReply cut(Integer reasoningTokens) {
        return new UpstreamReply.Completed(Answers.text(""), "a", Finish.LENGTH, new TokenUsage(10, 100, 110, reasoningTokens));
    }

    @Test
    void thoughtsThatUsedUpTheBudgetAreAskedOnceMoreWithMoreRoom() {
        f.answers(cut(95), ok("a"));
        ModelResult r = result(policy.apply(turn(f.run("a"), 0), f.inner));
        assertThat(((ModelResult.Answered) r).verdict().outcome()).isEqualTo(Outcome.SUCCESS);
        assertThat(f.innerRuns).hasSize(2);
        assertThat(f.innerRuns.get(0).moreRoom()).isFalse();
        assertThat(f.innerRuns.get(1).moreRoom()).isTrue();
    }

    @Test
    void onlyOnce() {
        f.answers(cut(95), cut(190));
        ModelResult r = result(policy.apply(turn(f.run("a"), 0), f.inner));
        assertThat(f.innerRuns).hasSize(2);
        assertThat(((ModelResult.Answered) r).verdict().outcome()).isEqualTo(Outcome.OUTPUT_BUDGET_TOO_SMALL);
    }

    @Test
    void anAnswerCutWithoutThinkingIsAnOrdinaryTruncation() {
        f.answers(cut(null));
        ModelResult r = result(policy.apply(turn(f.run("a"), 0), f.inner));
        assertThat(f.innerRuns).hasSize(1);
        assertThat(((ModelResult.Answered) r).verdict().outcome()).isEqualTo(Outcome.TRUNCATED);
        assertThat(ChainMessages.reasonFor(cut(null), null)).isEqualTo("answered, truncated (finish_reason length)");
        assertThat(ChainMessages.reasonFor(cut(95), null))
                .isEqualTo("output budget too small: truncated after 95 tokens of thinking");
    }

    @Test
    void theSettingTurnsItOff() {
        f.settings = f.settings.toBuilder().set("retryWithMoreRoomForThinking", false).build();
        f.answers(cut(95));
        result(policy.apply(turn(f.run("a"), 0), f.inner));
        assertThat(f.innerRuns).hasSize(1);
    }

    @Test
    void neverForAContinuation() {
        f.answers(cut(95));
        RunContext run = f.run("a");
        result(policy.apply(new ModelTry(run, run.plan().candidates().get(0), 0, true), f.inner));
        assertThat(f.innerRuns).hasSize(1);
    }
}
