package dev.llmproxy.application.spend;

import dev.llmproxy.domain.failure.ErrorKind;
import dev.llmproxy.domain.failure.ProxyError;
import dev.llmproxy.domain.spend.Budget;
import dev.llmproxy.domain.spend.BudgetDecision;
import dev.llmproxy.domain.spend.BudgetPeriod;
import dev.llmproxy.domain.spend.Charge;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.Instant;

/** How a budget refusal is told to the caller: which budget, how full, what this request needed, when it resets. */
final class BudgetMessages {

    private BudgetMessages() {
    }

    static ProxyError refusal(BudgetDecision.Refused refused, Charge needed, Instant now) {
        Budget b = refused.budget();
        Instant resets = b.period().end(now);
        if (b.period() == BudgetPeriod.MINUTE) {
            long seconds = Math.max(1, (Duration.between(now, resets).toMillis() + 999) / 1000);
            return new ProxyError(ErrorKind.RATE_LIMITED, "Token rate limit reached (" + b.name() + ": "
                    + b.maxTokens() + " tokens per minute per API key; " + refused.counted().tokens()
                    + " used or reserved this minute, this request may use up to " + needed.tokens()
                    + "); retry in " + seconds + " s, or ask for a lower max_tokens.", null,
                    Duration.between(now, resets));
        }
        StringBuilder m = new StringBuilder("Budget '").append(b.name()).append("' has no room for this request (");
        boolean usd = b.maxUsd() != null && !b.fits(new Charge(refused.counted().usd(), 0), new Charge(needed.usd(), 0));
        if (usd) {
            m.append("$").append(money(refused.counted().usd())).append(" of $").append(money(b.maxUsd()))
                    .append(" used or reserved; this request may cost up to $").append(money(needed.usd()));
        } else {
            m.append(refused.counted().tokens()).append(" of ").append(b.maxTokens())
                    .append(" tokens used or reserved; this request may use up to ").append(needed.tokens());
        }
        m.append("). It resets at ").append(resets).append(usd ? "." : "; a lower max_tokens needs less room.");
        Duration retryAfter = Duration.between(now, resets);
        return new ProxyError(ErrorKind.BUDGET_EXCEEDED, m.toString(), null, retryAfter);
    }

    private static String money(BigDecimal usd) {
        return usd.setScale(6, RoundingMode.HALF_UP).stripTrailingZeros().toPlainString();
    }
}
