package dev.llmproxy.application.spend;

import dev.llmproxy.domain.config.AllowedModel;
import dev.llmproxy.domain.config.RuntimeConfig;
import dev.llmproxy.domain.routing.AttemptRecord;
import dev.llmproxy.domain.routing.ChainResult;
import dev.llmproxy.domain.spend.Charge;
import dev.llmproxy.domain.spend.Cost;
import dev.llmproxy.domain.upstream.TokenUsage;

import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;

/**
 * What a request really cost, to settle its reservation: an answer's usage at its model's prices; a stream that broke
 * off for what it relayed; a failure that produced nothing, nothing; a request the client left before its end, the
 * whole reservation, since how much the provider generated is not known.
 */
public final class ActualCharge {

    private ActualCharge() {
    }

    /** @param result how the request ended; null when the client left */
    public static Charge of(ChainResult result, Reservation reservation, RuntimeConfig config) {
        if (result instanceof ChainResult.Success s) {
            return charge(s.model(), s.reply().usage(), reservation);
        }
        if (result instanceof ChainResult.Streamed s) {
            return charge(s.model(), s.usage(), reservation);
        }
        if (result instanceof ChainResult.Failure f) {
            int relayed = f.stats().eventsRelayed();
            if (relayed == 0) {
                return Charge.ZERO;
            }
            TokenUsage produced = new TokenUsage((int) Math.min(Integer.MAX_VALUE, reservation.promptTokens()),
                    relayed, null);
            return lastModel(f.attempts(), config).map(m -> charge(m, produced, reservation))
                    .orElse(reservation.charge());
        }
        return reservation.charge();
    }

    private static Charge charge(AllowedModel model, TokenUsage usage, Reservation reservation) {
        BigDecimal usd = Cost.of(model, usage);
        long tokens = usage.totalTokens() != null ? usage.totalTokens()
                : usage.promptTokens() != null && usage.completionTokens() != null
                ? (long) usage.promptTokens() + usage.completionTokens() : reservation.charge().tokens();
        // without a price or a reported usage, the reservation is the best bound there is
        return new Charge(usd != null ? usd : reservation.charge().usd(), tokens);
    }

    private static Optional<AllowedModel> lastModel(List<AttemptRecord> attempts, RuntimeConfig config) {
        return attempts.isEmpty() ? Optional.empty() : config.model(attempts.get(attempts.size() - 1).model());
    }
}
