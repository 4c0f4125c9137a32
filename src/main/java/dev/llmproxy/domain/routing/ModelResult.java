package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.failure.Verdict;
import dev.llmproxy.domain.upstream.UpstreamReply;

/** How one model's turn ended, as the fallback over the candidates sees it. */
sealed interface ModelResult {

    ModelResult SKIPPED = new Skipped();
    ModelResult OUT_OF_TIME = new OutOfTime();
    ModelResult HALTED = new Halted();

    /**
     * The model was called.
     *
     * @param verdict what the outcome table says of the reply
     * @param reason  the attempt's reason as the request log records it
     */
    record Answered(UpstreamReply reply, Verdict verdict, String reason) implements ModelResult {
    }

    /** Passed over without a call (cooling down after a 429, circuit open); the attempt log says why. */
    record Skipped() implements ModelResult {
    }

    /** The chain budget was spent before the call could start. */
    record OutOfTime() implements ModelResult {
    }

    /** The run ended meanwhile (the client went away): nothing more is done. */
    record Halted() implements ModelResult {
    }
}
