package dev.llmproxy.infrastructure.upstream.gemini;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.domain.upstream.UpstreamCall;
import dev.llmproxy.domain.upstream.UpstreamReply;
import dev.llmproxy.infrastructure.upstream.HttpReplies;
import dev.llmproxy.infrastructure.upstream.body.AnswerBody;
import jakarta.json.JsonArray;
import jakarta.json.JsonException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.Locale;
import java.util.function.Function;
import java.util.logging.Logger;

/**
 * Gemini's error bodies ({@code {"error": {code, message, status, details}}}, or the same in an array) read for the
 * outcome table. Gemini sends no Retry-After: the wait is {@code RetryInfo.retryDelay} in the body, and a per-day
 * quota lasts until Google's daily reset (midnight Pacific). A bad key comes as a 400 and is a misconfiguration,
 * so it is answered as the 401 it means; a prompt too long for the model is marked as a context-length refusal.
 */
final class GeminiErrors {

    private static final Logger LOG = Logger.getLogger(GeminiErrors.class.getName());
    private static final ZoneId QUOTA_DAY = ZoneId.of("America/Los_Angeles");
    private static final Duration LONGEST = Duration.ofHours(24);

    private GeminiErrors() {
    }

    static UpstreamReply.HttpError read(UpstreamCall call, int status, byte[] body, Clock clock) {
        JsonObject error = errorOf(body);
        String excerpt = HttpReplies.excerpt(body);
        if (error == null) {
            return HttpReplies.httpError(call, status, null, excerpt);
        }
        String rpcStatus = error.getString("status", "");
        String message = error.getString("message", "");
        String reason = null;
        Duration retryAfter = null;
        boolean perDay = false;
        if (error.get("details") instanceof JsonArray details) {
            for (JsonValue v : details) {
                if (!(v instanceof JsonObject d)) {
                    continue;
                }
                String type = d.getString("@type", "");
                if (type.endsWith("google.rpc.ErrorInfo")) {
                    reason = d.getString("reason", null);
                } else if (type.endsWith("google.rpc.RetryInfo") && d.get("retryDelay") instanceof JsonString delay) {
                    retryAfter = delay(delay.getString());
                } else if (type.endsWith("google.rpc.QuotaFailure")) {
                    perDay |= d.toString().contains("PerDay");
                }
            }
        }
        if (status == 429 && perDay) {
            retryAfter = untilQuotaReset(clock);
        }
        if (status == 400 && ("API_KEY_INVALID".equals(reason) || "FAILED_PRECONDITION".equals(rpcStatus))) {
            // The key or the project is wrong: no other request can fare better until someone fixes it.
            LOG.severe("Gemini provider " + call.provider().name() + " refuses the proxy's credentials or project ("
                    + (reason != null ? reason : rpcStatus) + "): " + message);
            return HttpReplies.httpError(call, "API_KEY_INVALID".equals(reason) ? 401 : 403, retryAfter, excerpt);
        }
        if (status == 400 && message.toLowerCase(Locale.ROOT).contains("input token count")) {
            excerpt = "context_length_exceeded: " + excerpt;
        }
        return HttpReplies.httpError(call, status, retryAfter, excerpt);
    }

    /** A 2xx body: unreadable, or an error in it ({@link #inBody}), or what {@code read} makes of its root. */
    static UpstreamReply answered(UpstreamCall call, byte[] body, Clock clock, Function<JsonObject, UpstreamReply> read) {
        JsonObject root = AnswerBody.object(body);
        if (root == null) {
            return AnswerBody.unreadable(body);
        }
        UpstreamReply.HttpError inBand = inBody(call, root, body, clock);
        return inBand != null ? inBand : read.apply(root);
    }

    /** An error Gemini put in a 200's body, read as the status its code names (502 when it names none); else null. */
    static UpstreamReply.HttpError inBody(UpstreamCall call, JsonObject root, byte[] body, Clock clock) {
        if (!(root.get("error") instanceof JsonObject error)) {
            return null;
        }
        int code = error.get("code") instanceof JsonNumber n && n.isIntegral() ? n.intValue() : 502;
        return read(call, code >= 400 && code <= 599 ? code : 502, body, clock);
    }

    /** The error object of a body, or null when it is not Gemini's error shape. */
    static JsonObject errorOf(byte[] body) {
        try {
            JsonValue root = JsonCodec.read(body);
            if (root instanceof JsonArray a && !a.isEmpty()) {
                root = a.get(0);
            }
            return root instanceof JsonObject o && o.get("error") instanceof JsonObject e ? e : null;
        } catch (JsonException notJson) {
            return null;
        }
    }

    /** A protobuf Duration ({@code "48s"}, {@code "45.837906927s"}), rounded up to the millisecond. */
    static Duration delay(String text) {
        String t = text.trim();
        if (!t.endsWith("s")) {
            return null;
        }
        try {
            BigDecimal seconds = new BigDecimal(t.substring(0, t.length() - 1));
            if (seconds.signum() < 0) {
                return null;
            }
            long millis = seconds.movePointRight(3).setScale(0, java.math.RoundingMode.CEILING).longValueExact();
            Duration d = Duration.ofMillis(millis);
            return d.compareTo(LONGEST) > 0 ? LONGEST : d;
        } catch (NumberFormatException | ArithmeticException e) {
            return null;
        }
    }

    static Duration untilQuotaReset(Clock clock) {
        ZonedDateTime now = ZonedDateTime.now(clock.withZone(QUOTA_DAY));
        return Duration.between(now, now.toLocalDate().plusDays(1).atStartOfDay(QUOTA_DAY));
    }
}
