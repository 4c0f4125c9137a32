package dev.llmproxy.domain.routing;

import java.time.Duration;

/** The words of a chain run: attempt reasons for the log and the errors the caller sees. */
final class ChainMessages {

    private ChainMessages() {
    }

    static ProxyError stopError(Verdict verdict, UpstreamReply reply) {
        if (verdict.outcome() == Outcome.CONTENT_REFUSED) {
            return ProxyError.of(ErrorKind.CONTENT_POLICY, "The model declined this request under its content policy.");
        }
        return ProxyError.of(ErrorKind.UPSTREAM_FAILED, "The upstream answered HTTP " + statusOf(reply)
                + ", which the proxy does not route around.");
    }

    static Integer statusOf(UpstreamReply reply) {
        if (reply instanceof UpstreamReply.HttpError e) {
            return e.status();
        }
        return reply instanceof UpstreamReply.Failed ? null : 200;
    }

    static String reasonFor(UpstreamReply reply, Duration timeout) {
        if (reply instanceof UpstreamReply.Completed c) {
            return "length".equals(c.finishReason()) ? "answered, truncated (finish_reason length)" : "answered";
        }
        if (reply instanceof UpstreamReply.StreamEnded e) {
            return "streamed " + e.events() + " events" + ("length".equals(e.finishReason()) ? ", truncated" : "")
                    + (e.malformed() > 0 ? ", skipped " + e.malformed() + " malformed" : "");
        }
        if (reply instanceof UpstreamReply.StreamBroken b) {
            return "stream " + b.kind().name().toLowerCase() + " after " + b.events() + " events: " + b.detail()
                    + (b.malformed() > 0 ? " (skipped " + b.malformed() + " malformed)" : "");
        }
        if (reply instanceof UpstreamReply.HttpError e) {
            return "HTTP " + e.status() + (e.retryAfter() == null ? "" : ", Retry-After " + ceilSeconds(e.retryAfter()) + " s");
        }
        UpstreamReply.Failed f = (UpstreamReply.Failed) reply;
        return switch (f.kind()) {
            case TIMEOUT -> f.detail() != null && f.detail().startsWith("no first token")
                    ? f.detail() : "timed out after " + timeout.toMillis() + " ms";
            case CONNECT -> "connection failed: " + f.detail();
            case RESET -> "connection reset before headers: " + f.detail();
            case MALFORMED -> "malformed response: " + f.detail();
        };
    }

    static long ceilSeconds(Duration d) {
        return (d.toMillis() + 999) / 1000;
    }
}
