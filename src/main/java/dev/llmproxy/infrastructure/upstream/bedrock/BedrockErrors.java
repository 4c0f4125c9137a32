package dev.llmproxy.infrastructure.upstream.bedrock;

import dev.llmproxy.domain.upstream.UpstreamCall;
import dev.llmproxy.domain.upstream.UpstreamReply;
import dev.llmproxy.infrastructure.upstream.body.AnswerBody;
import dev.llmproxy.infrastructure.upstream.HttpReplies;
import dev.llmproxy.infrastructure.upstream.RetryAfter;
import dev.llmproxy.infrastructure.upstream.http.ResponseHead;
import jakarta.json.JsonObject;

import java.time.Clock;
import java.time.Duration;
import java.util.Locale;
import java.util.logging.Logger;

/**
 * Bedrock's errors in the outcome table's terms, by the exception AWS names ({@code x-amzn-ErrorType}, else the
 * body's {@code __type}): a model not ready yet, an unavailable service and a model's own error are transient (503,
 * 502); a throttle waits as a 429 does; a prompt too long is a context-length refusal and an unknown model id a
 * retired model (404); an identity AWS does not accept is a 401, so that a renewed one is fetched, logged loudly as
 * a refused permission (403) is.
 */
final class BedrockErrors {

    private static final Logger LOG = Logger.getLogger(BedrockErrors.class.getName());

    private BedrockErrors() {
    }

    static UpstreamReply.HttpError fromHead(UpstreamCall call, ResponseHead head, byte[] body, Clock clock) {
        JsonObject root = AnswerBody.object(body);
        String type = type(head.header("x-amzn-errortype"), root);
        String message = root == null ? "" : root.getString("message", root.getString("Message", ""));
        String excerpt = HttpReplies.excerpt(body);
        String lower = message.toLowerCase(Locale.ROOT);
        int status = switch (type) {
            case "ThrottlingException", "ServiceQuotaExceededException" -> 429;
            case "ModelNotReadyException", "ServiceUnavailableException" -> 503;
            case "ModelErrorException" -> 502;
            case "UnrecognizedClientException", "InvalidSignatureException", "IncompleteSignatureException",
                 "ExpiredTokenException", "MissingAuthenticationTokenException" -> 401;
            case "ValidationException" -> lower.contains("model identifier is invalid") ? 404 : 400;
            default -> head.status();
        };
        if (status == 400 && (lower.contains("too long") || lower.contains("too many input tokens")
                || lower.contains("context window") || lower.contains("context length"))) {
            excerpt = "context_length_exceeded: " + excerpt;
        }
        if (status == 401 || status == 403) {
            LOG.severe("Bedrock provider " + call.provider().name() + " refuses the proxy's credential (" + type
                    + "): " + message);
        }
        Duration wait = RetryAfter.parse(head.header("retry-after"), clock);
        return HttpReplies.httpError(call, status, wait, excerpt);
    }

    /** {@code ThrottlingException:http://internal.amazon.com/...} or {@code com.amazon...#ThrottlingException}. */
    static String type(String header, JsonObject body) {
        String raw = header != null && !header.isBlank() ? header
                : body == null ? "" : body.getString("__type", body.getString("code", ""));
        int colon = raw.indexOf(':');
        String name = colon < 0 ? raw : raw.substring(0, colon);
        return name.substring(name.lastIndexOf('#') + 1).trim();
    }
}
