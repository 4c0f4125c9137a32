package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.answer.Finish;
import dev.llmproxy.domain.upstream.TokenUsage;
import dev.llmproxy.domain.upstream.UpstreamReply;

/**
 * The step after a streamed answer broke once the client had seen part of it: the next model of the chain that can
 * take the answer so far as a prefill (and is not cooling down) continues it, and the client reads one answer. When
 * none can, or a tool call already went out (never continued by another model), the stream ends with
 * {@code stream_interrupted}.
 */
final class StreamContinuation {

    private final RunContext run;
    private final RateLimitCooldowns cooldowns;

    StreamContinuation(RunContext run, RateLimitCooldowns cooldowns) {
        this.run = run;
        this.cooldowns = cooldowns;
    }

    /** The index of the next model to continue the answer after {@code index}, or -1 when none can. */
    int nextAfter(int index) {
        StreamSplice splice = run.splice();
        var candidates = run.plan().candidates();
        for (int j = index + 1; splice.continuable() && j < candidates.size(); j++) {
            Candidate c = candidates.get(j);
            if (c.model().supportsPrefill() && cooldowns.remaining(c.model().name()).isEmpty()) {
                splice.continuing();
                return j;
            }
        }
        return -1;
    }

    /** The stream reached its end, possibly spliced from several models. */
    ChainResult.Streamed ended(Candidate candidate, UpstreamReply.StreamEnded e) {
        StreamSplice splice = run.splice();
        splice.ended(e);
        boolean oneModel = splice.continuations() == 0;
        return new ChainResult.Streamed(candidate.model(), e.answeredModel(), e.finish(),
                oneModel ? e.usage() : TokenUsage.NONE, splice.fallback(), e.finish() == Finish.LENGTH,
                splice.stats(), run.log().all(), run.saw429());
    }

    ChainResult.Failure interrupted() {
        StreamSplice splice = run.splice();
        return new ChainResult.Failure(ChainMessages.streamInterruptedError(splice.breakCause(),
                splice.continuations(), run.log().all(), !splice.continuable()), run.log().all(), run.saw429(),
                splice.stats());
    }
}
