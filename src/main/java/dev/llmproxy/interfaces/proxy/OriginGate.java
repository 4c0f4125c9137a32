package dev.llmproxy.interfaces.proxy;

import dev.llmproxy.application.access.AccessControl;
import dev.llmproxy.application.access.AccessRequest;
import dev.llmproxy.application.config.ConfigService;
import dev.llmproxy.application.proxy.RequestRecorder;
import dev.llmproxy.domain.access.OriginPolicy;
import dev.llmproxy.domain.failure.ErrorKind;
import dev.llmproxy.domain.failure.ProxyError;
import dev.llmproxy.interfaces.proxy.door.Dialect;
import dev.llmproxy.interfaces.proxy.door.RequestIds;
import dev.llmproxy.interfaces.proxy.messages.MessagesDialect;
import dev.llmproxy.interfaces.proxy.responses.ResponsesDialect;
import jakarta.inject.Inject;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.time.Clock;
import java.util.regex.Pattern;

/**
 * The origin gate on {@code /v1/*} (mapped in web.xml, after the request id): a browser request whose {@code Origin}
 * is not in {@code allowedOrigins} gets 403 before anything is counted or called; CORS preflights are answered for
 * allowed origins and refused for others. Requests without {@code Origin} (servers, SDKs) pass untouched.
 */
public class OriginGate extends HttpFilter {

    private static final String EXPOSED = "X-Request-Id, X-Proxy-Model, X-Proxy-Fallback, X-Proxy-Attempts, "
            + "X-Proxy-Saw-429, X-Proxy-Truncated, X-Proxy-Local, X-Proxy-Overhead-Ms, X-Proxy-Replay-Of, X-Proxy-Reused, "
            + "Age, Retry-After, request-id";
    private static final String ALLOWED_HEADERS = "Authorization, Content-Type, x-api-key, anthropic-version, "
            + "X-Proxy-Priority, Idempotency-Key";
    private static final Pattern HEADER_LIST = Pattern.compile("[A-Za-z0-9-]+(\\s*,\\s*[A-Za-z0-9-]+)*");
    private static final long PREFLIGHT_MAX_AGE_SECONDS = 600;

    @Inject
    ConfigService configs;
    @Inject
    AccessControl access;
    @Inject
    RequestRecorder recorder;
    @Inject
    Clock clock;

    @Override
    protected void doFilter(HttpServletRequest req, HttpServletResponse res, FilterChain chain)
            throws IOException, ServletException {
        String origin = req.getHeader("Origin");
        if (origin == null) {
            chain.doFilter(req, res);
            return;
        }
        OriginPolicy policy = configs.current().settings().callers().originPolicy();
        boolean preflight = "OPTIONS".equals(req.getMethod()) && req.getHeader("Access-Control-Request-Method") != null;
        if (!policy.allows(origin)) {
            ProxyError error = ProxyError.of(ErrorKind.ORIGIN_NOT_ALLOWED,
                    "Requests from this origin are not allowed (allowedOrigins).");
            Dialect dialect = dialectOf(req);
            recorder.refused(RequestIds.of(req), clock.instant(), dialect.door(), null, access.anonymous(
                    new AccessRequest(req.getRemoteAddr(), req.getHeader("Forwarded"), req.getHeader("X-Forwarded-For"),
                            null, null)), error);
            res.getOutputStream().write(dialect.prepareError(res, error));
            return;
        }
        res.setHeader("Access-Control-Allow-Origin", origin);
        res.addHeader("Vary", "Origin");
        if (preflight) {
            String asked = req.getHeader("Access-Control-Request-Headers");
            res.setHeader("Access-Control-Allow-Methods", "GET, POST, OPTIONS");
            res.setHeader("Access-Control-Allow-Headers",
                    asked != null && HEADER_LIST.matcher(asked.trim()).matches() ? asked.trim() : ALLOWED_HEADERS);
            res.setHeader("Access-Control-Max-Age", Long.toString(PREFLIGHT_MAX_AGE_SECONDS));
            res.setStatus(HttpServletResponse.SC_NO_CONTENT);
            return;
        }
        res.setHeader("Access-Control-Expose-Headers", EXPOSED);
        chain.doFilter(req, res);
    }

    /** The front door a path belongs to, so that a refusal is said in its own shape. */
    private static Dialect dialectOf(HttpServletRequest req) {
        String path = req.getRequestURI().substring(req.getContextPath().length());
        return path.startsWith("/v1/messages") ? MessagesDialect.INSTANCE
                : path.startsWith("/v1/responses") ? ResponsesDialect.STATELESS
                : path.startsWith("/v1/embeddings") ? ChatDialect.EMBEDDINGS : ChatDialect.INSTANCE;
    }
}
