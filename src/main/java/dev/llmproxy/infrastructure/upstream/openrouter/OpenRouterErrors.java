package dev.llmproxy.infrastructure.upstream.openrouter;

import dev.llmproxy.application.json.JsonCodec;
import jakarta.json.JsonException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;

/**
 * OpenRouter's error object ({@code {"error": {code, message, metadata, availability}}}) read for the outcome table.
 * {@code code} is a number, or sometimes a string; {@code metadata.error_type} and {@code availability.code} say
 * what happened when the code does not; the wait is {@code availability.retry_after}, or when a free-model cap
 * resets ({@code metadata.headers.X-RateLimit-Reset}).
 */
final class OpenRouterErrors {

    private static final Duration LONGEST = Duration.ofHours(24);
    private static final Map<String, Integer> ERROR_TYPES = Map.ofEntries(
            Map.entry("rate_limit_exceeded", 429), Map.entry("provider_overloaded", 503),
            Map.entry("provider_unavailable", 502), Map.entry("context_length_exceeded", 400),
            Map.entry("authentication", 401), Map.entry("payment_required", 402),
            Map.entry("permission_denied", 403), Map.entry("invalid_request", 400), Map.entry("not_found", 404),
            Map.entry("content_policy_violation", 400), Map.entry("timeout", 504), Map.entry("server", 500),
            Map.entry("server_error", 500), Map.entry("unmapped", 500),
            Map.entry("model_not_found", 404), Map.entry("no_endpoints", 404), Map.entry("model_deprecated", 404),
            Map.entry("free_variant_ended", 404), Map.entry("capacity_exhausted", 429),
            Map.entry("temporarily_unavailable", 503), Map.entry("region_restricted", 403));

    private OpenRouterErrors() {
    }

    /** The error object of a body that is not a completion, or null. */
    static JsonObject errorOf(byte[] body) {
        try {
            return JsonCodec.read(body) instanceof JsonObject o && !o.containsKey("choices")
                    && o.get("error") instanceof JsonObject e ? e : null;
        } catch (JsonException notJson) {
            return null;
        }
    }

    /** The HTTP status an error object stands for: its numeric code, else what its type says, else 502. */
    static int statusOf(JsonObject error) {
        if (error.get("code") instanceof JsonNumber n && n.isIntegral() && n.intValue() >= 400 && n.intValue() <= 599) {
            return n.intValue();
        }
        String type = error.get("code") instanceof JsonString s ? s.getString() : null;
        if (error.get("metadata") instanceof JsonObject m && m.get("error_type") instanceof JsonString t) {
            type = t.getString();
        } else if (error.get("availability") instanceof JsonObject a && a.get("code") instanceof JsonString c) {
            type = c.getString();
        }
        return type == null ? 502 : ERROR_TYPES.getOrDefault(type, 502);
    }

    /** How long to wait before asking again, or null when the error does not say. */
    static Duration retryAfter(JsonObject error, Clock clock) {
        if (error.get("availability") instanceof JsonObject a && a.get("retry_after") instanceof JsonNumber n) {
            return cap(Duration.ofMillis(Math.max(0, Math.round(n.doubleValue() * 1000))));
        }
        if (error.get("metadata") instanceof JsonObject m && m.get("headers") instanceof JsonObject h) {
            JsonValue reset = h.get("X-RateLimit-Reset");
            String text = reset instanceof JsonString s ? s.getString() : reset instanceof JsonNumber n ? n.toString() : null;
            if (text != null) {
                try {
                    Duration d = Duration.between(clock.instant(), Instant.ofEpochMilli(Long.parseLong(text.trim())));
                    return cap(d.isNegative() ? Duration.ZERO : d);
                } catch (NumberFormatException | java.time.DateTimeException e) {
                    return null;
                }
            }
        }
        return null;
    }

    private static Duration cap(Duration d) {
        return d.compareTo(LONGEST) > 0 ? LONGEST : d;
    }
}
