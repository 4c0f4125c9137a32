package dev.llmproxy.domain.config;

import java.time.Duration;
import java.util.Objects;

/**
 * How a tier gives a deterministic request's answer again (opt-in; none by default), as HTTP caches do: within
 * {@code maxAge} of being answered, the same request from the same caller gets that answer without a call; when every
 * model of the chain has failed, an answer up to {@code staleIfError} old is given instead of the error (RFC 5861).
 *
 * @param maxAge       how long an answer is fresh; zero: never given again while the models answer
 * @param staleIfError how old an answer may be to stand in for a failure; zero: never
 */
public record AnswerReuse(Duration maxAge, Duration staleIfError) {

    public static final AnswerReuse NONE = new AnswerReuse(Duration.ZERO, Duration.ZERO);
    /** The longest either may be: answers are kept a day. */
    public static final Duration MOST = Duration.ofDays(1);

    public AnswerReuse {
        Objects.requireNonNull(maxAge, "maxAge");
        Objects.requireNonNull(staleIfError, "staleIfError");
    }

    public static AnswerReuse ofSeconds(long maxAge, long staleIfError) {
        return new AnswerReuse(Duration.ofSeconds(maxAge), Duration.ofSeconds(staleIfError));
    }

    /** Whether the tier keeps answers at all. */
    public boolean keeps() {
        return !maxAge.isZero() || !staleIfError.isZero();
    }
}
