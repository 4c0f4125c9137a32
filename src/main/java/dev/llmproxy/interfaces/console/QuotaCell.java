package dev.llmproxy.interfaces.console;

import dev.llmproxy.domain.routing.ProviderQuotas;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A model's rate limit as the console shows it: cooling down, or what its provider last said was left. */
final class QuotaCell {

    private QuotaCell() {
    }

    static Map<String, String> of(ProviderQuotas quotas, Clock clock, List<String> models) {
        Map<String, String> cells = new LinkedHashMap<>();
        for (String m : models) {
            cells.put(m, text(quotas, clock.instant(), m));
        }
        return cells;
    }

    private static String text(ProviderQuotas quotas, Instant now, String model) {
        var cooling = quotas.coolingFor(model);
        if (cooling.isPresent()) {
            return "not called for another " + seconds(cooling.get()) + " s";
        }
        return quotas.latest(model).map(h -> {
            List<String> left = new ArrayList<>();
            if (h.requestsLeft() != null) {
                left.add(h.requestsLeft() + " requests" + resets(h.requestsReset(), now));
            }
            if (h.tokensLeft() != null) {
                left.add(h.tokensLeft() + " tokens" + resets(h.tokensReset(), now));
            }
            return String.join(", ", left) + " left (said " + seconds(Duration.between(h.heard(), now)) + " s ago)";
        }).orElse("-");
    }

    private static String resets(Instant at, Instant now) {
        if (at == null) {
            return "";
        }
        return at.isAfter(now) ? " until a reset in " + seconds(Duration.between(now, at)) + " s" : " (since reset)";
    }

    private static long seconds(Duration d) {
        return (d.toMillis() + 999) / 1000;
    }
}
