package dev.llmproxy.domain.sim;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a simulated model does, selected by its upstream model name (a product feature for demos and drills).
 *
 * <pre>
 * healthy[-&lt;N&gt;ms]                 answers after N ms (default 20)
 * flaky-&lt;P&gt;pct[-&lt;N&gt;ms]           fails with 503 in P % of calls, else answers after N ms
 * ratelimited[-retry-after-&lt;S&gt;s]  429, with Retry-After S seconds when given
 * error-&lt;CODE&gt;                     that HTTP status (400-599) with an OpenAI-shaped error body
 * hang                             never answers (the proxy's timeout ends the attempt)
 * truncated[-&lt;N&gt;ms]               answers with finish_reason "length"
 * refusal                          400 content_policy_violation
 * context-overflow                 400 context_length_exceeded
 * cut-after-&lt;N&gt;                    streams N words, then the connection "drops" (a plain answer arrives cut short)
 * </pre>
 */
public record SimBehaviour(Kind kind, long latencyMs, int status, Integer retryAfterSeconds, int failurePercent,
                           int cutAfterWords) {

    public enum Kind { HEALTHY, FLAKY, RATE_LIMITED, ERROR, HANG, TRUNCATED, REFUSAL, CONTEXT_OVERFLOW, CUT }

    private static final long DEFAULT_LATENCY_MS = 20;
    private static final Pattern HEALTHY = Pattern.compile("healthy(?:-(\\d{1,6})ms)?");
    private static final Pattern FLAKY = Pattern.compile("flaky-(\\d{1,3})pct(?:-(\\d{1,6})ms)?");
    private static final Pattern RATE_LIMITED = Pattern.compile("ratelimited(?:-retry-after-(\\d{1,5})s)?");
    private static final Pattern ERROR = Pattern.compile("error-(\\d{3})");
    private static final Pattern TRUNCATED = Pattern.compile("truncated(?:-(\\d{1,6})ms)?");
    private static final Pattern CUT = Pattern.compile("cut-after-(\\d{1,4})");

    public static SimBehaviour parse(String spec) {
        Matcher m;
        if ((m = HEALTHY.matcher(spec)).matches()) {
            return new SimBehaviour(Kind.HEALTHY, latency(m.group(1)), 200, null, 0, 0);
        }
        if ((m = FLAKY.matcher(spec)).matches()) {
            int pct = Integer.parseInt(m.group(1));
            if (pct > 100) {
                throw new IllegalArgumentException("flaky failure rate must be 0-100 %");
            }
            return new SimBehaviour(Kind.FLAKY, latency(m.group(2)), 200, null, pct, 0);
        }
        if ((m = RATE_LIMITED.matcher(spec)).matches()) {
            Integer retryAfter = m.group(1) == null ? null : Integer.valueOf(m.group(1));
            return new SimBehaviour(Kind.RATE_LIMITED, DEFAULT_LATENCY_MS, 429, retryAfter, 0, 0);
        }
        if ((m = ERROR.matcher(spec)).matches()) {
            int status = Integer.parseInt(m.group(1));
            if (status < 400 || status > 599) {
                throw new IllegalArgumentException("error status must be 400-599");
            }
            return new SimBehaviour(Kind.ERROR, DEFAULT_LATENCY_MS, status, null, 0, 0);
        }
        if ((m = TRUNCATED.matcher(spec)).matches()) {
            return new SimBehaviour(Kind.TRUNCATED, latency(m.group(1)), 200, null, 0, 0);
        }
        if ((m = CUT.matcher(spec)).matches()) {
            return new SimBehaviour(Kind.CUT, DEFAULT_LATENCY_MS, 200, null, 0, Integer.parseInt(m.group(1)));
        }
        return switch (spec) {
            case "hang" -> new SimBehaviour(Kind.HANG, 0, 0, null, 0, 0);
            case "refusal" -> new SimBehaviour(Kind.REFUSAL, DEFAULT_LATENCY_MS, 400, null, 0, 0);
            case "context-overflow" -> new SimBehaviour(Kind.CONTEXT_OVERFLOW, DEFAULT_LATENCY_MS, 400, null, 0, 0);
            default -> throw new IllegalArgumentException("unknown sim behaviour '" + spec
                    + "' (expected healthy[-Nms], flaky-Ppct[-Nms], ratelimited[-retry-after-Ss], error-CODE, hang, "
                    + "truncated[-Nms], cut-after-N, refusal or context-overflow)");
        };
    }

    public static Optional<String> validate(String spec) {
        try {
            parse(spec);
            return Optional.empty();
        } catch (IllegalArgumentException e) {
            return Optional.of(e.getMessage());
        }
    }

    private static long latency(String group) {
        return group == null ? DEFAULT_LATENCY_MS : Long.parseLong(group);
    }
}
