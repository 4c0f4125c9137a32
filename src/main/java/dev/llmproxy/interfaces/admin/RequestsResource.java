package dev.llmproxy.interfaces.admin;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.domain.failure.ErrorKind;
import dev.llmproxy.domain.failure.ProxyError;
import dev.llmproxy.domain.failure.ProxyException;
import dev.llmproxy.domain.log.CallerRecord;
import dev.llmproxy.domain.log.RequestLogRepository;
import dev.llmproxy.domain.log.RequestRecord;
import dev.llmproxy.domain.routing.AttemptRecord;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;

import java.util.List;

/** The request log, newest first, in keyset pages: {@code ?limit=50&before=<nextCursor>}. */
@Path("requests")
@Produces(MediaType.APPLICATION_JSON)
public class RequestsResource {

    private static final int MAX_LIMIT = 500;

    @Inject
    RequestLogRepository log;

    @GET
    public JsonObject page(@QueryParam("limit") @DefaultValue("50") int limit, @QueryParam("before") String before) {
        if (limit < 1 || limit > MAX_LIMIT) {
            throw new ProxyException(ProxyError.badField("limit", "limit must be between 1 and " + MAX_LIMIT + "."));
        }
        List<RequestRecord> rows = log.page(limit, before == null || before.isBlank() ? null : decode(before));
        JsonArrayBuilder data = JsonCodec.array();
        rows.forEach(r -> data.add(toJson(r)));
        JsonObjectBuilder out = JsonCodec.object().add("data", data);
        if (rows.size() == limit) {
            RequestRecord last = rows.get(rows.size() - 1);
            out.add("nextCursor", RequestLogRepository.Cursor.after(last).token());
        } else {
            out.addNull("nextCursor");
        }
        return out.build();
    }

    static JsonObject toJson(RequestRecord r) {
        JsonArrayBuilder attempts = JsonCodec.array();
        for (AttemptRecord a : r.attempts()) {
            JsonObjectBuilder ab = JsonCodec.object().add("model", a.model()).add("outcome", a.outcome().name())
                    .add("latencyMs", a.latency().toMillis());
            nullable(ab, "status", a.status());
            nullable(ab, "reason", a.reason());
            nullable(ab, "tokens", a.tokens());
            if (a.costUsd() != null) {
                ab.add("costUsd", a.costUsd());
            } else {
                ab.addNull("costUsd");
            }
            attempts.add(ab);
        }
        JsonObjectBuilder b = JsonCodec.object()
                .add("requestId", r.requestId()).add("receivedAt", r.receivedAt().toString())
                .add("fallback", r.fallback()).add("status", r.status()).add("latencyMs", r.latencyMs())
                .add("truncated", r.truncated()).add("saw429", r.saw429()).add("stream", r.stream());
        if (r.streamStats() != null) {
            JsonObjectBuilder st = JsonCodec.object().add("eventsRelayed", r.streamStats().eventsRelayed())
                    .add("malformedSkipped", r.streamStats().malformed())
                    .add("continuations", r.streamStats().continuations());
            if (r.streamStats().firstTokenMs() != null) {
                st.add("firstTokenMs", r.streamStats().firstTokenMs());
            }
            b.add("streamStats", st);
        }
        nullable(b, "tier", r.tier());
        nullable(b, "frontDoor", r.frontDoor() == null ? null : r.frontDoor().wireName());
        if (r.queueWaitMs() != null) {
            b.add("queueWaitMs", r.queueWaitMs());
        }
        nullable(b, "requestedModel", r.requestedModel());
        nullable(b, "answeringModel", r.answeringModel());
        nullable(b, "answeredAs", r.answeredAs());
        if (r.reuse() != null) {
            b.add("replayOf", r.reuse().original());
            b.add("reusedAs", r.reuse().kind().wireName());
        }
        b.add("answeredLocally", r.answeredLocally());
        if (r.costUsd() != null) {
            b.add("costUsd", r.costUsd());
        }
        nullable(b, "errorCode", r.errorCode());
        nullable(b, "promptTokens", r.promptTokens());
        nullable(b, "completionTokens", r.completionTokens());
        nullable(b, "totalTokens", r.totalTokens());
        nullable(b, "finishReason", r.finishReason());
        CallerRecord c = r.caller();
        JsonObjectBuilder caller = JsonCodec.object();
        nullable(caller, "clientHash", c.clientHash());
        nullable(caller, "keyId", c.keyId());
        nullable(caller, "scope", c.scope());
        nullable(caller, "limits", c.limits());
        nullable(caller, "limitHit", c.limitHit());
        nullable(caller, "limiter", c.limiter());
        nullable(caller, "refusals", c.refusals());
        nullable(caller, "lastRefusedAt", c.lastRefusedAt() == null ? null : c.lastRefusedAt().toString());
        nullable(b, "promptExcerpt", r.promptExcerpt());
        return b.add("caller", caller).add("attempts", attempts).build();
    }

    private static void nullable(JsonObjectBuilder b, String key, Object value) {
        if (value == null) {
            b.addNull(key);
        } else if (value instanceof Integer i) {
            b.add(key, i);
        } else {
            b.add(key, value.toString());
        }
    }

    static RequestLogRepository.Cursor decode(String cursor) {
        return RequestLogRepository.Cursor.parse(cursor).orElseThrow(() -> new ProxyException(new ProxyError(
                ErrorKind.BAD_REQUEST, "before is not a cursor from this API.", "before", null)));
    }
}
