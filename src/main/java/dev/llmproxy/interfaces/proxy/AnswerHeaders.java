package dev.llmproxy.interfaces.proxy;

import dev.llmproxy.domain.routing.ChainResult;
import jakarta.servlet.http.HttpServletResponse;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The X-Proxy headers that say how a chain answered: which model, whether it was a fallback, its attempts. Built apart
 * from the response, so that an answer kept for an idempotency key carries the same headers when it is given again.
 */
final class AnswerHeaders {

    private AnswerHeaders() {
    }

    /**
     * What a whole answer, or a failure ({@link #ofFailure}), says of its chain.
     *
     * @param local whether an allowlisted model (by name) is a local stand-in
     */
    static Map<String, String> of(ChainResult result, Predicate<String> local) {
        if (!(result instanceof ChainResult.Success s)) {
            return ofFailure(result);
        }
        Map<String, String> headers = attempts(result);
        answeredBy(headers, s.model().name(), s.fallback(), s.saw429(), local.test(s.model().name()));
        if (s.truncated()) {
            headers.put("X-Proxy-Truncated", "true");
        }
        return headers;
    }

    /** What a failure says of its chain: it names no model and is no fallback. */
    static Map<String, String> ofFailure(ChainResult failure) {
        Map<String, String> headers = ofRun(failure);
        headers.put("X-Proxy-Fallback", "false");
        return headers;
    }

    /** What any run says of itself: its calls, and whether it saw a 429. */
    static Map<String, String> ofRun(ChainResult result) {
        Map<String, String> headers = attempts(result);
        headers.put("X-Proxy-Saw-429", Boolean.toString(result.saw429()));
        return headers;
    }

    private static Map<String, String> attempts(ChainResult result) {
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("X-Proxy-Attempts", Long.toString(result.attempts().stream()
                .filter(a -> !a.outcome().skipped()).count()));
        return headers;
    }

    /**
     * Who answers a stream, said before its first content.
     *
     * @param local whether that model is a local stand-in
     */
    static Map<String, String> ofStream(String model, boolean fallback, boolean saw429, boolean local) {
        Map<String, String> headers = new LinkedHashMap<>();
        answeredBy(headers, model, fallback, saw429, local);
        return headers;
    }

    private static void answeredBy(Map<String, String> headers, String model, boolean fallback, boolean saw429,
                                   boolean local) {
        headers.put("X-Proxy-Model", model);
        if (local) {
            headers.put("X-Proxy-Local", "true");
        }
        headers.put("X-Proxy-Fallback", Boolean.toString(fallback));
        headers.put("X-Proxy-Saw-429", Boolean.toString(saw429));
    }

    static void set(HttpServletResponse res, Map<String, String> headers) {
        headers.forEach(res::setHeader);
    }
}
