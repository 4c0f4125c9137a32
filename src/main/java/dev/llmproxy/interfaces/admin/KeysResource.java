package dev.llmproxy.interfaces.admin;

import dev.llmproxy.application.access.ApiKeys;
import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.domain.admission.Priority;
import dev.llmproxy.domain.config.ConfigValidationException;
import dev.llmproxy.domain.config.Problem;
import dev.llmproxy.domain.failure.ErrorKind;
import dev.llmproxy.domain.failure.ProxyError;
import dev.llmproxy.domain.failure.ProxyException;
import dev.llmproxy.domain.keys.ApiKey;
import dev.llmproxy.domain.spend.BudgetLimits;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.SecurityContext;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Caller API keys: create (the key is in that answer only), list (never a key or its hash), revoke. */
@Path("keys")
@Produces(MediaType.APPLICATION_JSON)
public class KeysResource {

    private static final Set<String> FIELDS = Set.of("name", "scope", "allowedTiers", "limitPerMinute", "budget", "priority");

    @Inject
    ApiKeys keys;

    @GET
    public JsonObject list() {
        JsonArrayBuilder all = JsonCodec.array();
        keys.list().forEach(k -> all.add(json(k)));
        return JsonCodec.object().add("keys", all).build();
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public Response create(String body, @Context SecurityContext security) {
        ApiKeys.Created created = keys.create(request(body, keys), AdminExceptionMappers.who(security));
        JsonObject answer = json(created.key()).add("key", created.secret())
                .add("note", "Store this key now: it is not shown again.").build();
        return Response.status(201).type(MediaType.APPLICATION_JSON).entity(answer).build();
    }

    @POST
    @Path("{id}/revoke")
    public JsonObject revoke(@PathParam("id") String id, @Context SecurityContext security) {
        return keys.revoke(id, AdminExceptionMappers.who(security)).map(k -> json(k).build())
                .orElseThrow(() -> new ProxyException(ProxyError.of(ErrorKind.NOT_FOUND, "No API key has id '" + id + "'.")));
    }

    /**
     * Gives the key its own budget: {@code {"dailyUsd": 2, "monthlyTokens": 5000000}}; {@code {}} returns it to the
     * {@code keys} default of the {@code budgets} setting.
     */
    @PUT
    @Path("{id}/budget")
    @Consumes(MediaType.APPLICATION_JSON)
    public JsonObject budget(@PathParam("id") String id, String body, @Context SecurityContext security) {
        JsonValue v;
        try {
            v = JsonCodec.read(body);
        } catch (JsonException e) {
            throw ConfigValidationException.of("body", "must be a JSON object");
        }
        List<Problem> problems = new ArrayList<>();
        BudgetLimits limits = budget(v, "", problems);
        if (!problems.isEmpty()) {
            throw new ConfigValidationException(problems);
        }
        return keys.setBudget(id, limits, AdminExceptionMappers.who(security)).map(k -> json(k).build())
                .orElseThrow(() -> new ProxyException(ProxyError.of(ErrorKind.NOT_FOUND, "No API key has id '" + id + "'.")));
    }

    /** Budget limits from JSON; each problem is reported at {@code prefix + field}. */
    private static BudgetLimits budget(JsonValue v, String prefix, List<Problem> problems) {
        if (v == null || v.getValueType() == JsonValue.ValueType.NULL) {
            return BudgetLimits.NONE;
        }
        if (v.getValueType() != JsonValue.ValueType.OBJECT) {
            problems.add(new Problem(prefix.isEmpty() ? "body" : prefix.substring(0, prefix.length() - 1),
                    "must be an object of " + String.join(", ", BudgetLimits.FIELDS)));
            return BudgetLimits.NONE;
        }
        return BudgetLimits.fromPlain((Map<?, ?>) JsonCodec.toPlain(v),
                (field, rule) -> problems.add(new Problem(prefix + field, rule)));
    }

    /** The request in the body; every problem, structural or not, is reported at once. */
    private static ApiKeys.Request request(String body, ApiKeys keys) {
        JsonObject o;
        try {
            o = JsonCodec.read(body).asJsonObject();
        } catch (JsonException | ClassCastException e) {
            throw ConfigValidationException.of("body", "must be a JSON object");
        }
        List<Problem> problems = new ArrayList<>();
        o.keySet().stream().filter(k -> !FIELDS.contains(k)).forEach(k -> problems.add(new Problem(k, "is not a known field")));
        String name = text(o, "name", problems);
        String scope = text(o, "scope", problems);
        List<String> tiers = new ArrayList<>();
        JsonValue t = o.get("allowedTiers");
        if (t != null && t.getValueType() != JsonValue.ValueType.NULL) {
            if (t.getValueType() != JsonValue.ValueType.ARRAY) {
                problems.add(new Problem("allowedTiers", "must be a list of tier names"));
            } else {
                t.asJsonArray().forEach(v -> {
                    if (v instanceof JsonString s) {
                        tiers.add(s.getString());
                    } else {
                        problems.add(new Problem("allowedTiers", "must hold only tier names (found " + v + ")"));
                    }
                });
            }
        }
        Integer limit = null;
        JsonValue l = o.get("limitPerMinute");
        if (l != null && l.getValueType() != JsonValue.ValueType.NULL) {
            if (l instanceof JsonNumber n && n.isIntegral()) {
                limit = (int) Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, n.longValue()));
            } else {
                problems.add(new Problem("limitPerMinute", "must be a whole number"));
            }
        }
        String word = text(o, "priority", problems);
        Priority priority = word == null ? null : Priority.of(word).orElse(null);
        if (word != null && priority == null) {
            problems.add(new Problem("priority", "must be interactive, standard or batch"));
        }
        ApiKeys.Request request = new ApiKeys.Request(name, scope, tiers, limit, budget(o.get("budget"), "budget.",
                problems), priority);
        problems.addAll(keys.problems(request));
        if (!problems.isEmpty()) {
            throw new ConfigValidationException(problems);
        }
        return request;
    }

    private static String text(JsonObject o, String field, List<Problem> problems) {
        JsonValue v = o.get(field);
        if (v == null || v.getValueType() == JsonValue.ValueType.NULL) {
            return null;
        }
        if (v instanceof JsonString s) {
            return s.getString();
        }
        problems.add(new Problem(field, "must be a string"));
        return null;
    }

    private static JsonObjectBuilder json(ApiKey k) {
        JsonObjectBuilder b = JsonCodec.object().add("id", k.id()).add("name", k.name())
                .add("allowedTiers", JsonCodec.array(k.allowedTiers().stream().sorted().toList()))
                .add("createdAt", k.createdAt().toString()).add("createdBy", k.createdBy())
                .add("revoked", k.revoked());
        optional(b, "scope", k.scope());
        if (k.limitPerMinute() != null) {
            b.add("limitPerMinute", k.limitPerMinute());
        } else {
            b.addNull("limitPerMinute");
        }
        b.add("budget", JsonCodec.fromPlain(k.budget().toPlain()));
        b.add("priority", k.priority().word());
        optional(b, "revokedAt", k.revokedAt() == null ? null : k.revokedAt().toString());
        optional(b, "revokedBy", k.revokedBy());
        return b;
    }

    private static void optional(JsonObjectBuilder b, String field, String value) {
        if (value == null) {
            b.addNull(field);
        } else {
            b.add(field, value);
        }
    }
}
