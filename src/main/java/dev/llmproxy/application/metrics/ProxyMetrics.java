package dev.llmproxy.application.metrics;

import dev.llmproxy.domain.breaker.BreakerTransition;
import dev.llmproxy.domain.log.RequestRecord;

import java.io.IOException;
import java.io.OutputStream;

/** The operator's signals: what the rest of the application reports, and the scrape that exposes it. */
public interface ProxyMetrics {

    /** A finished request, exactly as it goes to the request log. */
    void requestCompleted(RequestRecord record);

    void breakerTransition(BreakerTransition transition);

    /** A request refused before any call because this budget (a configured name) had no room. */
    void budgetRefused(String budget);

    /**
     * @param accept the scraper's {@code Accept} header, or null
     * @return the exposition format to answer with: OpenMetrics when asked for, else Prometheus text 0.0.4
     */
    String contentType(String accept);

    /** Writes the current values in the given format (one returned by {@link #contentType}). */
    void scrape(String contentType, OutputStream out) throws IOException;
}
