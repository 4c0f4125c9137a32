package dev.llmproxy.interfaces.metrics;

import dev.llmproxy.application.metrics.ProxyMetrics;
import jakarta.inject.Inject;
import jakarta.servlet.annotation.WebServlet;
import dev.llmproxy.interfaces.proxy.ApiServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;

/**
 * {@code GET /metrics}: Prometheus text format, or OpenMetrics when the scraper asks for it. Like {@code /health}, it
 * is meant for the operators' network; it holds counts and configured names, never prompts, keys or addresses.
 */
@WebServlet(urlPatterns = "/metrics")
public class MetricsServlet extends ApiServlet {

    public MetricsServlet() {
        super("GET");
    }

    @Inject
    ProxyMetrics metrics;

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse res) throws IOException {
        String contentType = metrics.contentType(req.getHeader("Accept"));
        res.setContentType(contentType);
        res.setHeader("Cache-Control", "no-store");
        metrics.scrape(contentType, res.getOutputStream());
    }
}
