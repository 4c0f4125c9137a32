package dev.llmproxy.interfaces.metrics;

import dev.llmproxy.application.access.AccessMode;
import dev.llmproxy.application.metrics.ProxyMetrics;
import dev.llmproxy.domain.failure.ErrorKind;
import dev.llmproxy.domain.failure.ProxyError;
import dev.llmproxy.infrastructure.variables.Variables;
import dev.llmproxy.interfaces.json.JsonResponses;
import dev.llmproxy.interfaces.proxy.ApiServlet;
import jakarta.inject.Inject;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.eclipse.microprofile.config.Config;

import java.io.IOException;
import java.util.logging.Logger;

import static dev.llmproxy.application.config.DeploymentVariable.PROXY_METRICS_TOKEN;

/**
 * {@code GET /metrics}: Prometheus text format, or OpenMetrics when the scraper asks for it. It holds counts and
 * configured names (models, tiers, API key ids, budgets), never prompts, keys or addresses. With
 * {@code PROXY_METRICS_TOKEN} set, only a scraper that sends it as a bearer token reads them; without it they are
 * public, which production mode says at start: keep {@code /metrics} on the operators' network then.
 */
@WebServlet(urlPatterns = "/metrics")
public class MetricsServlet extends ApiServlet {

    private static final Logger LOG = Logger.getLogger(MetricsServlet.class.getName());

    @Inject
    ProxyMetrics metrics;
    @Inject
    Config config;
    @Inject
    AccessMode mode;

    private ScraperToken token;

    public MetricsServlet() {
        super("GET");
    }

    @Override
    public void init() {
        token = new ScraperToken(Variables.text(config, PROXY_METRICS_TOKEN).orElse(null));
        if (!token.required() && mode.production()) {
            LOG.warning("/metrics is public (model, tier and API key ids, budgets): set PROXY_METRICS_TOKEN, or keep "
                    + "/metrics off the public network");
        }
    }

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse res) throws IOException {
        if (!token.admits(req.getHeader("Authorization"))) {
            res.setHeader("WWW-Authenticate", "Bearer realm=\"metrics\"");
            JsonResponses.error(res, ProxyError.of(ErrorKind.UNAUTHORIZED,
                    "/metrics needs the scraper's token: 'Authorization: Bearer <PROXY_METRICS_TOKEN>'."));
            return;
        }
        String contentType = metrics.contentType(req.getHeader("Accept"));
        res.setContentType(contentType);
        res.setHeader("Cache-Control", "no-store");
        metrics.scrape(contentType, res.getOutputStream());
    }
}
