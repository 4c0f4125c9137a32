package dev.llmproxy.application.spend;

import dev.llmproxy.domain.routing.AttemptRecord;
import dev.llmproxy.domain.routing.ChainCost;
import dev.llmproxy.domain.routing.ChainResult;
import dev.llmproxy.domain.spend.Charge;

import java.util.List;

/**
 * What a request really cost, to settle its reservation: what the provider billed for its attempts (see
 * {@link ChainCost}); nothing when no attempt was billed. When the client left before the end, a stream is charged
 * what it produced until then, and an answer in one piece the whole reservation (whether and how much the provider
 * generated is not known). A billed attempt without a price keeps the reservation's dollars.
 */
public final class ActualCharge {

    private ActualCharge() {
    }

    /**
     * @param result    how the request ended; null when the client left
     * @param abandoned the attempts of a run the client left (when {@code result} is null)
     */
    public static Charge of(ChainResult result, List<AttemptRecord> abandoned, Reservation reservation) {
        if (result == null) {
            boolean inFlightKnown = !abandoned.isEmpty() && abandoned.get(abandoned.size() - 1).billed();
            return inFlightKnown ? charge(ChainCost.of(abandoned), reservation) : reservation.charge();
        }
        return charge(ChainCost.of(result.attempts()), reservation);
    }

    private static Charge charge(ChainCost cost, Reservation reservation) {
        if (!cost.billed()) {
            return Charge.ZERO;
        }
        return new Charge(cost.usd() != null ? cost.usd() : reservation.charge().usd(), cost.tokens());
    }
}
