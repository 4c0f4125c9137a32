package dev.llmproxy.infrastructure.upstream;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.domain.failure.FailureKind;
import dev.llmproxy.domain.upstream.UpstreamCall;
import dev.llmproxy.domain.upstream.UpstreamReply;

import java.io.IOException;
import java.net.ConnectException;
import java.net.http.HttpConnectTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.logging.Level;
import java.util.logging.Logger;

/** How an HTTP exchange with an upstream becomes a reply: failures before a response, error statuses, bodies. */
public final class HttpReplies {

    private static final Logger LOG = Logger.getLogger(HttpReplies.class.getName());
    private static final int EXCERPT = 2000;
    /**
     * What a provider's content refusal (a stop reason or a filter, not an HTTP status) is said as, in a 400's excerpt
     * or an error event's message: the outcome table's content-policy marker, so that plain and streamed answers of
     * every kind end the same way.
     */
    public static final String REFUSAL = "content_filter: ";
    private HttpReplies() {
    }

    /** A refusal as an in-band error event in the proxy's stream form: 400, said as {@link #REFUSAL}. */
    public static String refusalEvent(String why) {
        return JsonCodec.writeText(JsonCodec.object().add("error", JsonCodec.object().add("code", 400)
                .add("message", REFUSAL + why)).build());
    }

    /** A failure before any response: refused (or unreachable) is CONNECT, anything else a reset. */
    static UpstreamReply.Failed connectionFailure(IOException error) {
        boolean connect = error instanceof ConnectException || error instanceof HttpConnectTimeoutException;
        return new UpstreamReply.Failed(connect ? FailureKind.CONNECT : FailureKind.RESET, describe(error));
    }

    /**
     * An error status as the outcome table will see it; the body is logged (provider internals stay in the server
     * log, the client never sees them) and kept as an excerpt for classification.
     *
     * @param retryAfter how long the provider asked to wait, or null
     */
    public static UpstreamReply.HttpError httpError(UpstreamCall call, int status, Duration retryAfter, byte[] body) {
        return httpError(call, status, retryAfter, excerpt(body));
    }

    /** As above, with the excerpt already made (a format may put what it found in front of the provider's words). */
    public static UpstreamReply.HttpError httpError(UpstreamCall call, int status, Duration retryAfter, String excerpt) {
        // a provider refusing the proxy's credentials is the operator's to fix, whatever the kind: said loudly
        LOG.log(status == 401 || status == 403 ? Level.SEVERE : Level.WARNING,
                "Upstream " + call.provider().name() + "/" + call.model().upstreamModel() + " answered HTTP " + status
                        + " for request " + call.requestId() + ": " + excerpt);
        return new UpstreamReply.HttpError(status, retryAfter, excerpt);
    }

    static String describe(Throwable t) {
        String message = t.getMessage();
        return t.getClass().getSimpleName() + (message == null ? "" : ": " + message);
    }

    public static String excerpt(byte[] body) {
        String s = new String(body, 0, Math.min(body.length, EXCERPT), StandardCharsets.UTF_8);
        return s.replaceAll("\\s+", " ");
    }
}
