package dev.llmproxy.interfaces.admin;

import dev.llmproxy.application.breaker.ModelHealth;
import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.domain.breaker.BreakerTransition;
import dev.llmproxy.domain.breaker.BreakerTransitionRepository;
import dev.llmproxy.domain.failure.ErrorKind;
import dev.llmproxy.domain.failure.ProxyError;
import dev.llmproxy.domain.failure.ProxyException;
import dev.llmproxy.interfaces.json.ModelStatusJson;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.SecurityContext;

/** Breaker states on this instance, recent transitions (all instances), and an admin's force-open and reset. */
@Path("breakers")
@Produces(MediaType.APPLICATION_JSON)
public class BreakersResource {

    private static final int MAX_TRANSITIONS = 500;

    @Inject
    ModelHealth health;
    @Inject
    BreakerTransitionRepository transitions;

    @GET
    public JsonObject list(@QueryParam("transitions") Integer limit) {
        int n = limit == null ? 50 : Math.max(1, Math.min(MAX_TRANSITIONS, limit));
        JsonArrayBuilder recent = JsonCodec.array();
        for (BreakerTransition t : transitions.recent(n)) {
            recent.add(JsonCodec.object().add("model", t.model()).add("from", t.from().name().toLowerCase())
                    .add("to", t.to().name().toLowerCase()).add("reason", t.reason() == null ? "" : t.reason())
                    .add("instance", t.instanceId()).add("at", t.at().toString()));
        }
        return JsonCodec.object().add("models", ModelStatusJson.of(health.models())).add("transitions", recent).build();
    }

    @POST
    @Path("{model}/open")
    public JsonObject forceOpen(@PathParam("model") String model, @Context SecurityContext security) {
        if (!health.forceOpen(model, AdminExceptionMappers.who(security))) {
            throw unknown(model);
        }
        return JsonCodec.object().add("model", model).add("state", "open").build();
    }

    @POST
    @Path("{model}/reset")
    public JsonObject reset(@PathParam("model") String model, @Context SecurityContext security) {
        if (!health.reset(model, AdminExceptionMappers.who(security))) {
            throw unknown(model);
        }
        return JsonCodec.object().add("model", model).add("state", "closed").build();
    }

    private static ProxyException unknown(String model) {
        return new ProxyException(ProxyError.of(ErrorKind.NOT_FOUND, "No allowlisted model is named '" + model + "'."));
    }
}
