package dev.llmproxy.interfaces.admin;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.application.spend.BudgetBoard;
import dev.llmproxy.application.spend.BudgetLine;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/** Every budget in force: its limits, what its period has used and reserved, and when it resets. */
@Path("budgets")
@Produces(MediaType.APPLICATION_JSON)
public class BudgetsResource {

    @Inject
    BudgetBoard board;

    @GET
    public JsonObject budgets() {
        JsonArrayBuilder all = JsonCodec.array();
        board.lines().forEach(l -> all.add(json(l)));
        return JsonCodec.object().add("budgets", all).build();
    }

    static JsonObjectBuilder json(BudgetLine l) {
        JsonObjectBuilder b = JsonCodec.object().add("name", l.budget().name())
                .add("period", l.budget().period().label())
                .add("maxUsd", JsonCodec.fromPlain(l.budget().maxUsd()))
                .add("maxTokens", JsonCodec.fromPlain(l.budget().maxTokens()))
                .add("usedUsd", l.use().used().usd()).add("reservedUsd", l.use().reserved().usd())
                .add("usedTokens", l.use().used().tokens()).add("reservedTokens", l.use().reserved().tokens())
                .add("usedRatio", l.usedRatio()).add("resetsAt", l.resetsAt().toString());
        String alert = l.alert();
        return alert == null ? b.addNull("alert") : b.add("alert", alert);
    }
}
