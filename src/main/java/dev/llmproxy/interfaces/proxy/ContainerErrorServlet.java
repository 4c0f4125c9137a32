package dev.llmproxy.interfaces.proxy;

import dev.llmproxy.domain.failure.ErrorKind;
import dev.llmproxy.domain.failure.ProxyError;
import dev.llmproxy.interfaces.json.JsonResponses;
import dev.llmproxy.interfaces.proxy.door.RequestIds;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The error page (web.xml) for what the container answers by itself: a request target it refuses, a method or path
 * nothing serves, an exception thrown before the application was reached. The answer is an OpenAI-shaped error, as
 * everywhere else, instead of the server's HTML page. Some refusals the container writes without an error page, and so
 * in its own format: TRACE on Open Liberty (403) and a request line it cannot parse at all.
 */
@WebServlet(urlPatterns = ContainerErrorServlet.PATH)
public class ContainerErrorServlet extends HttpServlet {

    static final String PATH = "/errors/container";
    private static final Logger LOG = Logger.getLogger(ContainerErrorServlet.class.getName());

    @Override
    protected void service(HttpServletRequest req, HttpServletResponse res) throws IOException {
        Object code = req.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
        if (!(code instanceof Integer status)) {
            JsonResponses.error(res, ProxyError.of(ErrorKind.NOT_FOUND, "No such endpoint: " + req.getRequestURI()));
            return;
        }
        Throwable thrown = (Throwable) req.getAttribute(RequestDispatcher.ERROR_EXCEPTION);
        if (thrown != null && status >= 500) {
            LOG.log(Level.SEVERE, "Request " + RequestIds.of(req) + " failed before the application answered", thrown);
        } else if (thrown != null) {
            // a refused request target: the client's mistake, which must not let it fill the server's log
            LOG.log(Level.FINE, "Request " + RequestIds.of(req) + " refused by the container (" + status + ")", thrown);
        }
        JsonResponses.error(res, ProxyError.of(kindOf(status), messageOf(status)));
    }

    static ErrorKind kindOf(int status) {
        return switch (status) {
            case 400 -> ErrorKind.BAD_REQUEST;
            case 401 -> ErrorKind.UNAUTHORIZED;
            case 403 -> ErrorKind.NOT_PERMITTED;
            case 404 -> ErrorKind.NOT_FOUND;
            case 405, 501 -> ErrorKind.METHOD_NOT_ALLOWED;
            case 408 -> ErrorKind.REQUEST_TIMEOUT;
            case 413 -> ErrorKind.PAYLOAD_TOO_LARGE;
            case 415 -> ErrorKind.UNSUPPORTED_MEDIA_TYPE;
            case 503 -> ErrorKind.UNAVAILABLE;
            default -> status >= 400 && status < 500 ? ErrorKind.BAD_REQUEST : ErrorKind.INTERNAL;
        };
    }

    private static String messageOf(int status) {
        return switch (status) {
            case 400 -> "The request could not be understood: the server refused its target or headers (an "
                    + "encoded '.', '/', NUL or invalid escape in the path is refused).";
            case 401 -> "Authentication is required.";
            case 403 -> "This request is not permitted.";
            case 404 -> "No such endpoint.";
            case 405, 501 -> "This method is not allowed here.";
            default -> status < 500 ? "The request was refused (" + status + ")." : ProxyError.INTERNAL.message();
        };
    }
}
