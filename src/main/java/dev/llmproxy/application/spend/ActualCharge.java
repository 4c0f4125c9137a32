package dev.llmproxy.application.spend;

import dev.llmproxy.domain.routing.ChainCost;
import dev.llmproxy.domain.routing.ChainResult;
import dev.llmproxy.domain.spend.Charge;

/**
 * What a request really cost, to settle its reservation: what the provider billed for its attempts (see
 * {@link ChainCost}); nothing when no attempt was billed; the whole reservation when the client left before the end
 * (how much the provider generated then is not known) or when a billed attempt's price is not known.
 */
public final class ActualCharge {

    private ActualCharge() {
    }

    /** @param result how the request ended; null when the client left */
    public static Charge of(ChainResult result, Reservation reservation) {
        if (result == null) {
            return reservation.charge();
        }
        ChainCost cost = ChainCost.of(result.attempts());
        if (!cost.billed()) {
            return Charge.ZERO;
        }
        return new Charge(cost.usd() != null ? cost.usd() : reservation.charge().usd(), cost.tokens());
    }
}
