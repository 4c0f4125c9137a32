package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.failure.Outcome;

import java.math.BigDecimal;
import java.util.List;

/**
 * What a chain run cost: the sum of what the provider billed for each of its attempts (a stream cut on one model and
 * finished on another is billed on both).
 *
 * @param billed  whether any attempt was billed
 * @param tokens  the billed tokens
 * @param usd     their cost, or null when a billed attempt's model has no price
 */
public record ChainCost(boolean billed, long tokens, BigDecimal usd) {

    /** What a run that ended cost; null when an answer came without its usage (what it cost is not known). */
    public static ChainCost ofEnded(List<AttemptRecord> attempts) {
        boolean unknown = attempts.stream()
                .anyMatch(a -> (a.outcome() == Outcome.SUCCESS || a.outcome().truncated()) && !a.billed());
        return unknown ? null : of(attempts);
    }

    /**
     * What a run the client left cost; null unless the attempt in flight was a stream, whose output so far is known
     * (an answer in one piece may have been generated whole, or not at all).
     */
    public static ChainCost ofLeft(List<AttemptRecord> abandoned) {
        boolean known = !abandoned.isEmpty() && abandoned.get(abandoned.size() - 1).billed();
        return known ? of(abandoned) : null;
    }

    public static ChainCost of(List<AttemptRecord> attempts) {
        boolean billed = false;
        long tokens = 0;
        BigDecimal usd = BigDecimal.ZERO;
        for (AttemptRecord a : attempts) {
            if (a.billed()) {
                billed = true;
                tokens += a.tokens();
                usd = usd == null || a.costUsd() == null ? null : usd.add(a.costUsd());
            }
        }
        return new ChainCost(billed, tokens, usd);
    }
}
