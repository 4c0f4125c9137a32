package dev.llmproxy.interfaces.proxy;

import dev.llmproxy.domain.failure.ErrorKind;
import dev.llmproxy.domain.failure.ProxyError;
import dev.llmproxy.domain.failure.ProxyException;
import dev.llmproxy.domain.limits.ScopeLimit;
import dev.llmproxy.interfaces.proxy.door.Dialect;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServletRequest;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** {@code POST /v1/chat/completions}, also under a scope's path ({@code /v1/scopes/{scope}/chat/completions}). */
@WebServlet(urlPatterns = {"/v1/chat/completions", "/v1/scopes/*"}, asyncSupported = true)
public class ChatCompletionsServlet extends FrontDoorServlet {

    private static final Pattern SCOPED = Pattern.compile("/(" + ScopeLimit.NAME + ")/chat/completions");

    @Override
    protected Dialect dialect() {
        return ChatDialect.INSTANCE;
    }

    @Override
    protected String routeScope(HttpServletRequest req) {
        if (!req.getServletPath().equals("/v1/scopes")) {
            return null;
        }
        String scope = scopeOf(req.getPathInfo());
        if (scope == null) {
            throw new ProxyException(ProxyError.of(ErrorKind.NOT_FOUND, "No such endpoint: use "
                    + "/v1/chat/completions or /v1/scopes/{scope}/chat/completions."));
        }
        return scope;
    }

    /**
     * The scope in {@code /v1/scopes/{scope}/chat/completions} (so that an SDK's base URL can be
     * {@code .../v1/scopes/pairing}), or null when the path is not of that shape.
     */
    static String scopeOf(String pathInfo) {
        Matcher m = pathInfo == null ? null : SCOPED.matcher(pathInfo);
        return m != null && m.matches() ? m.group(1) : null;
    }
}
