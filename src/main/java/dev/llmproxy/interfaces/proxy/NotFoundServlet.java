package dev.llmproxy.interfaces.proxy;

import dev.llmproxy.domain.failure.ErrorKind;
import dev.llmproxy.domain.failure.ProxyError;
import dev.llmproxy.interfaces.json.JsonResponses;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;

/**
 * Any other {@code /v1} path answers an OpenAI-shaped 404 rather than the server's HTML page. It carries no
 * {@code X-Request-Id}: no request-log row is written for it, and the id would promise one.
 */
@WebServlet(urlPatterns = "/v1/*")
public class NotFoundServlet extends HttpServlet {

    @Override
    protected void service(HttpServletRequest req, HttpServletResponse res) throws IOException {
        String allowOrigin = res.getHeader("Access-Control-Allow-Origin");
        String exposed = res.getHeader("Access-Control-Expose-Headers");
        res.reset(); // drops the request id (and nothing else has been set but the origin gate's CORS headers)
        if (allowOrigin != null) {
            res.setHeader("Access-Control-Allow-Origin", allowOrigin);
            res.addHeader("Vary", "Origin");
            res.setHeader("Access-Control-Expose-Headers", exposed);
        }
        JsonResponses.error(res, ProxyError.of(ErrorKind.NOT_FOUND,
                "No such endpoint: " + req.getMethod() + " " + req.getRequestURI()));
    }
}
