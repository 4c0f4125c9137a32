package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.spend.Cost;
import dev.llmproxy.domain.upstream.TokenUsage;
import dev.llmproxy.domain.upstream.UpstreamReply;

import java.math.BigDecimal;

/**
 * What the provider bills for one attempt: an answer its usage; a stream its usage, or, where it reported none or
 * broke off, the prompt estimate and the output it produced; an error nothing ({@link CallMeter} bills the rest).
 *
 * @param tokens  null when nothing is billed
 * @param costUsd null when nothing is billed or the model has no price for it
 */
record AttemptBill(Integer tokens, BigDecimal costUsd) {

    static final AttemptBill NONE = new AttemptBill(null, null);

    /** @param produced the output tokens a stream produced (at least one per event), when it reported no usage */
    static AttemptBill of(AllowedModel model, UpstreamReply reply, long promptTokens, long produced) {
        TokenUsage usage;
        if (reply instanceof UpstreamReply.Completed c) {
            usage = c.usage();
        } else if (reply instanceof UpstreamReply.StreamEnded s) {
            usage = whole(s.usage()) ? s.usage() : usageOf(promptTokens, Math.max(produced, s.events()));
        } else if (reply instanceof UpstreamReply.StreamBroken b) {
            usage = usageOf(promptTokens, Math.max(produced, b.events()));
        } else {
            return NONE;
        }
        if (usage.promptTokens() == null && usage.completionTokens() == null) {
            return NONE; // an answer without usage: what it cost is not known
        }
        long tokens = usage.totalTokens() != null ? usage.totalTokens()
                : (long) orZero(usage.promptTokens()) + orZero(usage.completionTokens());
        return new AttemptBill((int) Math.min(Integer.MAX_VALUE, tokens), Cost.of(model, usage));
    }

    /** The prompt and {@code output} tokens: a call whose provider reported no usage. */
    static AttemptBill produced(AllowedModel model, long promptTokens, long output) {
        TokenUsage usage = usageOf(promptTokens, output);
        return new AttemptBill(usage.totalTokens(), Cost.of(model, usage));
    }

    private static boolean whole(TokenUsage u) {
        return u.promptTokens() != null && u.completionTokens() != null;
    }

    private static TokenUsage usageOf(long promptTokens, long output) {
        int prompt = (int) Math.min(Integer.MAX_VALUE, promptTokens);
        int out = (int) Math.min(Integer.MAX_VALUE, output);
        return new TokenUsage(prompt, out, (int) Math.min(Integer.MAX_VALUE, (long) prompt + out));
    }

    private static int orZero(Integer n) {
        return n == null ? 0 : n;
    }
}
