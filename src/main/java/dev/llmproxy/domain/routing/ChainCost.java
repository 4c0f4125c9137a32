package dev.llmproxy.domain.routing;

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
