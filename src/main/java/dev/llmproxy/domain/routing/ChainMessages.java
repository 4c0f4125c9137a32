package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.answer.Finish;
import dev.llmproxy.domain.config.Settings;
import dev.llmproxy.domain.failure.ErrorKind;
import dev.llmproxy.domain.failure.Outcome;
import dev.llmproxy.domain.failure.ProxyError;
import dev.llmproxy.domain.failure.Verdict;
import dev.llmproxy.domain.upstream.UpstreamReply;

import java.time.Duration;
import java.util.List;
import java.util.Locale;

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

    /** Why a chain that ran out of models failed, in the order the caller most needs to know. */
    static ProxyError exhaustedError(List<AttemptRecord> attempts, Settings settings,
                                     boolean budgetSpent, Duration soonestCooldown, Duration soonestProbe) {
        int tried = (int) attempts.stream().filter(a -> !a.outcome().skipped()).count();
        boolean noneCallable = !attempts.isEmpty() && attempts.stream().allMatch(a -> a.outcome().skipped());
        boolean anyOpen = attempts.stream().anyMatch(a -> a.outcome() == Outcome.SKIPPED_BREAKER_OPEN);
        if (noneCallable && anyOpen) {
            Duration wait = soonestProbe == null ? soonestCooldown
                    : soonestCooldown == null || soonestProbe.compareTo(soonestCooldown) < 0 ? soonestProbe : soonestCooldown;
            Duration retryAfter = Duration.ofSeconds(Math.max(1, wait == null ? 1 : ceilSeconds(wait)));
            return new ProxyError(ErrorKind.UNAVAILABLE, "Every model in the chain is unavailable (circuit open or rate"
                    + "-limited); retry after " + retryAfter.toSeconds() + " s.", null, retryAfter);
        }
        boolean allRateLimited = !attempts.isEmpty() && attempts.stream()
                .allMatch(a -> a.outcome() == Outcome.RATE_LIMITED || a.outcome() == Outcome.SKIPPED_COOLDOWN);
        if (allRateLimited) {
            return rateLimitedError(soonestCooldown);
        }
        if (budgetSpent) {
            return ProxyError.of(ErrorKind.TIMEOUT, "No model answered within the chain budget of "
                    + settings.timeBudgets().chain().toMillis() + " ms (" + tried + " attempts).");
        }
        AttemptRecord last = null;
        for (AttemptRecord a : attempts) {
            if (!a.outcome().skipped()) {
                last = a;
            }
        }
        if (last != null && last.outcome() == Outcome.TIMEOUT) {
            return ProxyError.of(ErrorKind.TIMEOUT, "No model answered in time (" + tried + " attempts; last: "
                    + last.model() + " " + last.reason() + ").");
        }
        boolean allTooLong = tried > 0 && attempts.stream()
                .filter(a -> !a.outcome().skipped())
                .allMatch(a -> a.outcome() == Outcome.CONTEXT_LENGTH);
        if (allTooLong) {
            return ProxyError.of(ErrorKind.CONTEXT_LENGTH,
                    "The prompt is longer than the context window of every model in the chain.");
        }
        return ProxyError.of(ErrorKind.UPSTREAM_FAILED, "Every model in the chain failed (" + tried
                + " attempts" + (last == null ? "" : "; last: " + last.model() + ", " + callerSafe(last)) + ").");
    }

    static ProxyError rateLimitedError(Duration soonestCooldown) {
        Duration retryAfter = Duration.ofSeconds(Math.max(1, soonestCooldown == null ? 1 : ceilSeconds(soonestCooldown)));
        return new ProxyError(ErrorKind.UPSTREAM_RATE_LIMITED, "Every model in the chain is rate-limited; retry after "
                + retryAfter.toSeconds() + " s.", null, retryAfter);
    }

    /**
     * A stream that broke after the client saw content and could not be continued.
     *
     * @param cause how it broke, e.g. "the answer from m1 broke off after 3 events (...)"
     */
    static ProxyError streamInterruptedError(String cause, int continuations, List<AttemptRecord> attempts,
                                             boolean toolCallSent) {
        AttemptRecord last = attempts.get(attempts.size() - 1);
        String tried = toolCallSent ? "a tool call already sent is never continued by another model"
                : continuations == 0 ? "no model in the chain can continue it"
                : "no model could continue it (last try: " + last.model() + ", " + callerSafe(last) + ")";
        return ProxyError.of(ErrorKind.STREAM_INTERRUPTED, capitalise(cause) + "; " + tried + ".");
    }

    /** What an attempt came to, in words that carry nothing a provider wrote: its status, or its outcome. */
    private static String callerSafe(AttemptRecord a) {
        return a.status() != null && a.status() != 200 ? "HTTP " + a.status()
                : a.outcome().name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }

    private static String capitalise(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    static Integer statusOf(UpstreamReply reply) {
        if (reply instanceof UpstreamReply.HttpError e) {
            return e.status();
        }
        return reply instanceof UpstreamReply.Failed ? null : 200;
    }

    static String reasonFor(UpstreamReply reply, Duration timeout) {
        if (reply instanceof UpstreamReply.Completed c) {
            if (c.finish() != Finish.LENGTH) {
                return "answered";
            }
            Integer thoughts = c.usage().reasoningTokens();
            return thoughts != null && thoughts > 0
                    ? "output budget too small: truncated after " + thoughts + " tokens of thinking"
                    : "answered, truncated (finish_reason length)";
        }
        if (reply instanceof UpstreamReply.StreamEnded e) {
            return "streamed " + e.events() + " events" + (e.finish() == Finish.LENGTH ? ", truncated" : "")
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
            case ANSWER_TIMEOUT -> "timed out after " + timeout.toMillis() + " ms";
            case NO_CREDENTIAL -> "not called: " + f.detail();
            case CONNECT -> "connection failed: " + f.detail();
            case RESET -> "connection reset before headers: " + f.detail();
            case MALFORMED -> "malformed response: " + f.detail();
        };
    }

    static long ceilSeconds(Duration d) {
        return (d.toMillis() + 999) / 1000;
    }
}
