package dev.llmproxy.infrastructure.upstream.anthropic;

import dev.llmproxy.domain.upstream.UpstreamCall;
import dev.llmproxy.domain.upstream.UpstreamReply;
import dev.llmproxy.infrastructure.upstream.body.AnswerBody;
import dev.llmproxy.infrastructure.upstream.HttpReplies;
import dev.llmproxy.infrastructure.upstream.RetryAfter;
import dev.llmproxy.infrastructure.upstream.http.ResponseHead;
import jakarta.json.JsonObject;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.logging.Logger;

/**
 * Anthropic's errors in the outcome table's terms. {@code overloaded_error} (529) is read as 503, a transient
 * failure retried and then routed around; a prompt too long is a context-length refusal; the wait of a 429 is its
 * {@code retry-after}, else the reset of the exhausted rate limit; a refused key is logged loudly.
 */
final class AnthropicErrors {

    private static final Logger LOG = Logger.getLogger(AnthropicErrors.class.getName());
    private static final String[] LIMITS = {"requests", "tokens", "input-tokens", "output-tokens"};

    private AnthropicErrors() {
    }

    static UpstreamReply.HttpError fromHead(UpstreamCall call, ResponseHead head, byte[] body, Clock clock) {
        Duration wait = RetryAfter.parse(head.header("retry-after"), clock);
        if (wait == null && head.status() == 429) {
            wait = exhaustedReset(head, clock);
        }
        return read(call, head.status(), wait, body);
    }

    /**
     * @param status the HTTP status, or (for an error in a 200 or in a stream) the status its type stands for
     */
    static UpstreamReply.HttpError read(UpstreamCall call, int status, Duration wait, byte[] body) {
        JsonObject root = AnswerBody.object(body);
        JsonObject error = root != null && root.get("error") instanceof JsonObject e ? e : null;
        String type = error == null ? "" : error.getString("type", "");
        String message = error == null ? "" : error.getString("message", "");
        int effective = status == 502 && !type.isEmpty() ? statusOf(type) : status;
        String excerpt = HttpReplies.excerpt(body);
        if (effective == 529) {
            effective = 503; // overloaded: transient, as a 503 is
        }
        if (effective == 401 || effective == 403) {
            LOG.severe("Anthropic provider " + call.provider().name() + " refuses the proxy's key (" + type + "): "
                    + message);
        }
        if (effective == 400 && message.toLowerCase(Locale.ROOT).contains("prompt is too long")) {
            excerpt = "context_length_exceeded: " + excerpt;
        }
        return HttpReplies.httpError(call, effective, wait, excerpt);
    }

    /** The status an error type stands for when it comes without one (in a stream). */
    static int statusOf(String type) {
        return switch (type) {
            case "invalid_request_error" -> 400;
            case "authentication_error" -> 401;
            case "permission_error" -> 403;
            case "not_found_error" -> 404;
            case "request_too_large" -> 413;
            case "rate_limit_error" -> 429;
            case "overloaded_error" -> 529;
            default -> 500;
        };
    }

    /**
     * When the exhausted rate limit resets (its {@code -remaining} is 0), as a wait; when none says it is exhausted,
     * the latest reset of all, so that no retry comes too early. Null when the answer names no reset.
     */
    private static Duration exhaustedReset(ResponseHead head, Clock clock) {
        Duration exhausted = null;
        Duration latest = null;
        for (String limit : LIMITS) {
            Duration d = until(head.header("anthropic-ratelimit-" + limit + "-reset"), clock);
            if (d == null) {
                continue;
            }
            latest = latest == null || d.compareTo(latest) > 0 ? d : latest;
            if ("0".equals(head.header("anthropic-ratelimit-" + limit + "-remaining"))) {
                exhausted = exhausted == null || d.compareTo(exhausted) > 0 ? d : exhausted;
            }
        }
        return exhausted != null ? exhausted : latest;
    }

    private static Duration until(String rfc3339, Clock clock) {
        if (rfc3339 == null) {
            return null;
        }
        try {
            Duration d = Duration.between(clock.instant(), Instant.parse(rfc3339.trim()));
            return d.isNegative() ? Duration.ZERO : d;
        } catch (DateTimeParseException unreadable) {
            return null;
        }
    }
}
