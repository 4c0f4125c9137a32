package dev.llmproxy.interfaces.proxy;

import dev.llmproxy.domain.failure.ErrorKind;
import dev.llmproxy.domain.failure.ProxyError;
import dev.llmproxy.interfaces.json.JsonResponses;
import dev.llmproxy.interfaces.proxy.door.RequestIds;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Base of the application's own endpoints outside JAX-RS. Every method gets an answer in the OpenAI error shape: one
 * the endpoint does not take is a 405 naming what it takes in {@code Allow} (the container's default was HTML, 501
 * for methods it does not know and 403 for TRACE); {@code OPTIONS} lists them. Anything the endpoint throws before
 * it has answered becomes a 500 in the same shape and is logged, instead of the container's error page.
 */
public abstract class ApiServlet extends HttpServlet {

    private static final Logger LOG = Logger.getLogger(ApiServlet.class.getName());

    private final Set<String> methods;
    private final String allow;

    /** @param methods what the endpoint serves; HEAD comes with GET, OPTIONS always */
    protected ApiServlet(String... methods) {
        Set<String> all = new LinkedHashSet<>(List.of(methods));
        if (all.contains("GET")) {
            all.add("HEAD");
        }
        all.add("OPTIONS");
        this.methods = Set.copyOf(all);
        this.allow = String.join(", ", all);
    }

    @Override
    protected void service(HttpServletRequest req, HttpServletResponse res) throws ServletException, IOException {
        String method = req.getMethod();
        try {
            if (method.equals("OPTIONS")) {
                res.setHeader("Allow", allow);
                res.setStatus(HttpServletResponse.SC_NO_CONTENT);
            } else if (!methods.contains(method)) {
                res.setHeader("Allow", allow);
                res.getOutputStream().write(prepareError(res, ProxyError.of(ErrorKind.METHOD_NOT_ALLOWED, "Method " + printable(method)
                        + " is not allowed on " + req.getRequestURI() + "; use " + allow.replace(", OPTIONS", "") + ".")));
            } else {
                super.service(req, res);
            }
        } catch (RuntimeException e) {
            LOG.log(Level.SEVERE, "Request " + RequestIds.of(req) + " (" + printable(method) + " "
                    + req.getRequestURI() + ") failed inside the proxy", e);
            if (res.isCommitted()) {
                throw e; // the container can only cut the connection now, which tells the client the answer broke
            }
            res.reset();
            res.getOutputStream().write(prepareError(res, ProxyError.INTERNAL));
            if (req.isAsyncStarted()) {
                AsyncAnswer.end(req.getAsyncContext());
            }
        }
    }

    /** Sets an error's status and headers and returns its body, in this endpoint's error shape (OpenAI's here). */
    protected byte[] prepareError(HttpServletResponse res, ProxyError error) {
        return JsonResponses.prepareError(res, error);
    }

    /** A method name as a log or a message may show it: a client chooses it. */
    private static String printable(String method) {
        String m = method.length() > 20 ? method.substring(0, 20) + "..." : method;
        return m.replaceAll("[^A-Za-z0-9_.-]", "?");
    }
}
