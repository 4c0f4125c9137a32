package dev.llmproxy.infrastructure.persistence;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.domain.failure.Outcome;
import dev.llmproxy.domain.routing.AttemptRecord;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;
import java.util.logging.Logger;

/**
 * A request's attempts as the JSON array its log row keeps ({@code attempts}): the fields of the table they were once
 * rows of, under the same names, so rows migrated from it and rows written since read alike.
 */
final class AttemptsJson {

    private static final Logger LOG = Logger.getLogger(AttemptsJson.class.getName());
    private static final int REASON_MAX = 1000;

    private AttemptsJson() {
    }

    /** Null for none (a request refused before any model was tried): no empty array in every such row. */
    static String write(List<AttemptRecord> attempts) {
        if (attempts.isEmpty()) {
            return null;
        }
        JsonArrayBuilder array = JsonCodec.array();
        for (AttemptRecord a : attempts) {
            JsonObjectBuilder o = JsonCodec.object().add("model", a.model()).add("outcome", a.outcome().name());
            optional(o, "status", a.status());
            o.add("latency_ms", a.latency().toMillis());
            if (a.reason() != null) {
                o.add("reason", RequestLogMapper.clip(a.reason(), REASON_MAX));
            }
            optional(o, "tokens", a.tokens());
            if (a.costUsd() != null) {
                o.add("cost_usd", a.costUsd());
            }
            array.add(o);
        }
        return JsonCodec.writeText(array.build());
    }

    /**
     * The attempts of a stored row; an array that cannot be read (edited by hand, say) gives none rather than failing
     * the page that shows the row, and says so in the server log.
     */
    static List<AttemptRecord> read(String requestId, String json) {
        if (json == null || json.isEmpty()) {
            return List.of();
        }
        try {
            JsonArray array = JsonCodec.read(json).asJsonArray();
            return array.stream().map(JsonValue::asJsonObject).map(AttemptsJson::attempt).toList();
        } catch (JsonException | ClassCastException | IllegalArgumentException | NullPointerException e) {
            LOG.warning(() -> "request " + requestId + ": its attempts cannot be read (" + e + ")");
            return List.of();
        }
    }

    private static AttemptRecord attempt(JsonObject o) {
        return new AttemptRecord(o.getString("model"), Outcome.valueOf(o.getString("outcome")), integer(o, "status"),
                Duration.ofMillis(o.getJsonNumber("latency_ms").longValue()), text(o, "reason"), integer(o, "tokens"),
                decimal(o, "cost_usd"));
    }

    private static void optional(JsonObjectBuilder o, String name, Integer value) {
        if (value != null) {
            o.add(name, value.intValue());
        }
    }

    private static Integer integer(JsonObject o, String name) {
        JsonValue v = o.get(name);
        return v instanceof JsonNumber n ? n.intValueExact() : null;
    }

    private static BigDecimal decimal(JsonObject o, String name) {
        JsonValue v = o.get(name);
        return v instanceof JsonNumber n ? n.bigDecimalValue() : null;
    }

    private static String text(JsonObject o, String name) {
        return !o.containsKey(name) || o.isNull(name) ? null : o.getString(name);
    }
}
