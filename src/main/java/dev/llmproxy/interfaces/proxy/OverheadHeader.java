package dev.llmproxy.interfaces.proxy;

import dev.llmproxy.application.proxy.ChatExchange;
import jakarta.servlet.http.HttpServletResponse;

import java.math.BigDecimal;
import java.time.Duration;

/**
 * {@code X-Proxy-Overhead-Ms}: how long the proxy itself took over a request until its answer's headers, in
 * milliseconds to the microsecond (the time its providers' calls were in flight, its chosen waits and the client's
 * slow body left out), so that a caller can check what the proxy costs it on every answer.
 */
final class OverheadHeader {

    static final String NAME = "X-Proxy-Overhead-Ms";

    private OverheadHeader() {
    }

    /** Says the overhead so far; a response already committed is left as it is. */
    static void set(HttpServletResponse res, ChatExchange exchange) {
        if (!res.isCommitted()) {
            res.setHeader(NAME, milliseconds(exchange.overhead()));
        }
    }

    static String milliseconds(Duration overhead) {
        long micros = overhead.toNanos() / 1_000;
        return BigDecimal.valueOf(micros, 3).toPlainString();
    }
}
