package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.upstream.UpstreamReply;

/**
 * What one call is billed, as its provider will bill it or the bound of it: an answer its usage; a stream what it
 * produced (its events' tokens, counted by the splice from the call's start); a plain call whose answer was lost (timed
 * out, cut short, cancelled by a client that left or a hedge that won) its whole output allowance, since its provider
 * may have produced all of it; a stream that never started its prompt; a call that never reached the model nothing.
 */
final class CallMeter {

    private final AllowedModel model;
    private final ChainPlan plan;
    private final StreamSplice splice;
    private final long before;

    CallMeter(ModelTry attempt) {
        this.model = attempt.candidate().model();
        this.plan = attempt.run().plan();
        this.splice = attempt.run().splice();
        this.before = splice == null ? 0 : splice.produced(model.name());
    }

    /** The bill of a call that ended with {@code reply}. */
    AttemptBill of(UpstreamReply reply) {
        if (reply instanceof UpstreamReply.Failed f) {
            return switch (f.kind()) {
                case CONNECT, RESET, NO_CREDENTIAL -> AttemptBill.NONE;
                case ANSWER_TIMEOUT, MALFORMED, TIMEOUT -> lost();
            };
        }
        return AttemptBill.of(model, reply, plan.promptTokens(), produced());
    }

    /** The bill of a call whose answer will never be read. */
    AttemptBill lost() {
        return splice == null ? AttemptBill.produced(model, plan.promptTokens(), plan.output().tokensFor(model,
                plan.promptTokens())) : AttemptBill.produced(model, plan.promptTokens(), produced());
    }

    private long produced() {
        return splice == null ? 0 : splice.produced(model.name()) - before;
    }
}
