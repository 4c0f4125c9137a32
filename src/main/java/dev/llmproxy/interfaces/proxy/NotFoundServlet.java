package dev.llmproxy.interfaces.proxy;

import dev.llmproxy.domain.failure.ErrorKind;
import dev.llmproxy.domain.failure.ProxyError;
import dev.llmproxy.interfaces.json.JsonResponses;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;

/** Any other {@code /v1} path answers an OpenAI-shaped 404 rather than the server's HTML page. */
@WebServlet(urlPatterns = "/v1/*")
public class NotFoundServlet extends HttpServlet {

    @Override
    protected void service(HttpServletRequest req, HttpServletResponse res) throws IOException {
        JsonResponses.error(res, ProxyError.of(ErrorKind.NOT_FOUND,
                "No such endpoint: " + req.getMethod() + " " + req.getRequestURI()));
    }
}
