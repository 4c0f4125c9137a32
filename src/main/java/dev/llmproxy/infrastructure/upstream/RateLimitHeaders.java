package dev.llmproxy.infrastructure.upstream;

import dev.llmproxy.domain.upstream.QuotaReading;
import dev.llmproxy.infrastructure.upstream.http.ResponseHead;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the rate-limit headers providers send with their answers, in the three shapes there are:
 * <ul>
 *   <li>OpenAI-compatible servers and Azure OpenAI: {@code x-ratelimit-remaining-requests} / {@code -tokens} with
 *   {@code x-ratelimit-reset-requests} / {@code -tokens} as a duration ({@code 1s}, {@code 6m0s}, {@code 20ms});</li>
 *   <li>Anthropic: {@code anthropic-ratelimit-requests-remaining} / {@code -reset} and the same for {@code tokens}
 *   and {@code input-tokens} (the tighter of the two counts), resets as RFC 3339 times;</li>
 *   <li>OpenRouter: {@code x-ratelimit-remaining} (requests) and {@code x-ratelimit-reset} in epoch milliseconds.</li>
 * </ul>
 * Every header is optional and a value that cannot be read is ignored, never an error.
 */
public final class RateLimitHeaders {

    private static final Pattern GO_DURATION = Pattern.compile("(\\d+(?:\\.\\d+)?)(ms|h|m|s)");
    private static final Duration LONGEST = Duration.ofDays(1);

    private RateLimitHeaders() {
    }

    /** @return what the head says, or null when it says nothing */
    public static QuotaReading read(ResponseHead head, Clock clock) {
        QuotaReading reading;
        if (head.header("anthropic-ratelimit-requests-remaining") != null
                || head.header("anthropic-ratelimit-tokens-remaining") != null
                || head.header("anthropic-ratelimit-input-tokens-remaining") != null) {
            reading = anthropic(head, clock);
        } else if (head.header("x-ratelimit-remaining-requests") != null
                || head.header("x-ratelimit-remaining-tokens") != null) {
            reading = new QuotaReading(count(head.header("x-ratelimit-remaining-requests")),
                    duration(head.header("x-ratelimit-reset-requests")),
                    count(head.header("x-ratelimit-remaining-tokens")),
                    duration(head.header("x-ratelimit-reset-tokens")));
        } else {
            reading = new QuotaReading(count(head.header("x-ratelimit-remaining")),
                    epochMillis(head.header("x-ratelimit-reset"), clock), null, null);
        }
        return reading.empty() ? null : reading;
    }

    private static QuotaReading anthropic(ResponseHead head, Clock clock) {
        Long tokens = count(head.header("anthropic-ratelimit-tokens-remaining"));
        Duration tokensReset = time(head.header("anthropic-ratelimit-tokens-reset"), clock);
        Long input = count(head.header("anthropic-ratelimit-input-tokens-remaining"));
        if (input != null && (tokens == null || input < tokens)) {
            tokens = input;
            tokensReset = time(head.header("anthropic-ratelimit-input-tokens-reset"), clock);
        }
        return new QuotaReading(count(head.header("anthropic-ratelimit-requests-remaining")),
                time(head.header("anthropic-ratelimit-requests-reset"), clock), tokens, tokensReset);
    }

    static Long count(String value) {
        if (value == null) {
            return null;
        }
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** A Go-style duration, as OpenAI writes its resets: {@code 1h2m3.5s}, {@code 6m0s}, {@code 20ms}, or seconds. */
    static Duration duration(String value) {
        if (value == null || value.isBlank()) {
            return null;
        }
        String v = value.trim();
        try {
            return cap(Duration.ofMillis(Math.round(Double.parseDouble(v) * 1000)));
        } catch (NumberFormatException notSeconds) {
            Matcher m = GO_DURATION.matcher(v);
            double millis = 0;
            int end = 0;
            while (m.find() && m.start() == end) {
                double n = Double.parseDouble(m.group(1));
                millis += switch (m.group(2)) {
                    case "h" -> n * 3_600_000;
                    case "m" -> n * 60_000;
                    case "s" -> n * 1_000;
                    default -> n;
                };
                end = m.end();
            }
            return end == v.length() && end > 0 ? cap(Duration.ofMillis(Math.round(millis))) : null;
        }
    }

    private static Duration time(String value, Clock clock) {
        if (value == null) {
            return null;
        }
        try {
            return until(OffsetDateTime.parse(value.trim()).toInstant(), clock);
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    private static Duration epochMillis(String value, Clock clock) {
        Long at = count(value);
        return at == null ? null : until(Instant.ofEpochMilli(at), clock);
    }

    private static Duration until(Instant at, Clock clock) {
        Duration d = Duration.between(clock.instant(), at);
        return d.isNegative() ? Duration.ZERO : cap(d);
    }

    private static Duration cap(Duration d) {
        return d.isNegative() ? null : d.compareTo(LONGEST) > 0 ? LONGEST : d;
    }
}
