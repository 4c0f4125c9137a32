package dev.llmproxy.interfaces.admin;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.domain.log.RequestLogRepository;
import dev.llmproxy.domain.spend.BudgetPeriod;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;

/** What answered requests cost today and this month (UTC), in all and by model, tier and API key: the dashboard's. */
@Path("spend")
@Produces(MediaType.APPLICATION_JSON)
public class SpendResource {

    @Inject
    RequestLogRepository log;
    @Inject
    Clock clock;

    @GET
    public JsonObject spend() {
        Instant now = clock.instant();
        return JsonCodec.object()
                .add("today", json(log.spend(BudgetPeriod.DAY.start(now), now)))
                .add("month", json(log.spend(BudgetPeriod.MONTH.start(now), now)))
                .build();
    }

    private static JsonObject json(RequestLogRepository.Spend s) {
        return JsonCodec.object().add("totalUsd", s.total()).add("byModel", map(s.byModel()))
                .add("byTier", map(s.byTier())).add("byKey", map(s.byKey())).build();
    }

    private static JsonObjectBuilder map(Map<String, BigDecimal> sums) {
        JsonObjectBuilder b = JsonCodec.object();
        sums.forEach(b::add);
        return b;
    }
}
