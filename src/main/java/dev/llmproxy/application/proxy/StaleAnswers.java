package dev.llmproxy.application.proxy;

import dev.llmproxy.domain.failure.ErrorKind;
import dev.llmproxy.domain.replay.KeptAnswer;
import dev.llmproxy.domain.routing.ChainResult;
import dev.llmproxy.domain.streaming.ClientStream;

import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * When an earlier answer stands in for a failure (a tier's stale-if-error): only for what the providers did (failed,
 * timed out, rate-limited, no model able to take the request), never for what the request or the caller did (too
 * long, refused, over budget), and never once a stream has begun.
 */
final class StaleAnswers {

    /** The failures an outage makes. */
    private static final Set<ErrorKind> OUTAGES = EnumSet.of(ErrorKind.UPSTREAM_FAILED, ErrorKind.UPSTREAM_RATE_LIMITED,
            ErrorKind.UNAVAILABLE, ErrorKind.TIMEOUT);

    private StaleAnswers() {
    }

    /** {@code result}, or the stale answer that stands in for it. */
    static ChainResult inPlaceOf(ChainResult result, ClientStream sink, Supplier<Optional<KeptAnswer>> stale) {
        if (!(result instanceof ChainResult.Failure f) || !OUTAGES.contains(f.error().kind())
                || sink != null && sink.isOpen()) {
            return result;
        }
        return stale.get().<ChainResult>map(kept -> new ChainResult.Stale(f, kept)).orElse(result);
    }
}
