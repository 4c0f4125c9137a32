package dev.llmproxy.application.spend;

import dev.llmproxy.domain.routing.AttemptRecord;
import dev.llmproxy.domain.routing.ChainCost;
import dev.llmproxy.domain.routing.ChainResult;
import dev.llmproxy.domain.spend.Charge;

import java.util.List;

/**
 * What a request really cost, to settle its reservation: what the provider billed for its attempts (see
 * {@link ChainCost}); nothing when no attempt was billed. Where that is not known (an answer without its usage, an
 * answer in one piece the client left) the whole reservation; a stream the client left, what it produced until then.
 * A billed attempt without a price keeps the reservation's dollars.
 */
public final class ActualCharge {

    private ActualCharge() {
    }

    /**
     * @param result    how the request ended; null when the client left
     * @param abandoned the attempts of a run the client left (when {@code result} is null)
     */
    public static Charge of(ChainResult result, List<AttemptRecord> abandoned, Reservation reservation) {
        ChainCost cost = result == null ? ChainCost.ofLeft(abandoned) : ChainCost.ofEnded(result.attempts());
        if (cost == null) {
            return reservation.charge(); // not known: the worst case stays spent
        }
        if (!cost.billed()) {
            return Charge.ZERO;
        }
        return new Charge(cost.usd() != null ? cost.usd() : reservation.charge().usd(), cost.tokens());
    }
}
