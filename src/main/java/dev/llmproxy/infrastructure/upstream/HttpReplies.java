package dev.llmproxy.infrastructure.upstream;

import dev.llmproxy.domain.failure.FailureKind;
import dev.llmproxy.domain.upstream.UpstreamCall;
import dev.llmproxy.domain.upstream.UpstreamReply;
import dev.llmproxy.infrastructure.upstream.http.ResponseHead;

import java.io.IOException;
import java.net.ConnectException;
import java.net.http.HttpConnectTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.logging.Logger;

/** How an HTTP exchange with an upstream becomes a reply: failures before a response, error statuses, bodies. */
final class HttpReplies {

    private static final Logger LOG = Logger.getLogger(HttpReplies.class.getName());
    private static final int EXCERPT = 2000;
    private HttpReplies() {
    }

    /** A failure before any response: refused (or unreachable) is CONNECT, anything else a reset. */
    static UpstreamReply.Failed connectionFailure(IOException error) {
        boolean connect = error instanceof ConnectException || error instanceof HttpConnectTimeoutException;
        return new UpstreamReply.Failed(connect ? FailureKind.CONNECT : FailureKind.RESET, describe(error));
    }

    static UpstreamReply.HttpError httpError(UpstreamCall call, ResponseHead head, byte[] bytes, Clock clock) {
        String excerpt = excerpt(bytes);
        // Provider internals stay in the server log; the client never sees them.
        LOG.warning("Upstream " + call.provider().name() + "/" + call.model().upstreamModel() + " answered HTTP "
                + head.status() + " for request " + call.requestId() + ": " + excerpt);
        Duration retryAfter = RetryAfter.parse(head.header("retry-after"), clock);
        return new UpstreamReply.HttpError(head.status(), retryAfter, excerpt);
    }

    static String describe(Throwable t) {
        String message = t.getMessage();
        return t.getClass().getSimpleName() + (message == null ? "" : ": " + message);
    }

    private static String excerpt(byte[] body) {
        String s = new String(body, 0, Math.min(body.length, EXCERPT), StandardCharsets.UTF_8);
        return s.replaceAll("\\s+", " ");
    }
}
