package dev.llmproxy.interfaces.health;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.interfaces.json.JsonResponses;
import dev.llmproxy.interfaces.proxy.ApiServlet;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObjectBuilder;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Liveness;
import org.eclipse.microprofile.health.Readiness;
import org.eclipse.microprofile.health.Startup;

import java.io.IOException;
import java.lang.annotation.Annotation;
import java.util.List;
import java.util.Map;

/**
 * The application's health checks in MicroProfile Health's JSON, on the application's own port. Liberty serves
 * {@code /health} there itself, from a context of its own that takes the path before this one. WildFly serves it on
 * its management port only, and Payara renders every value as a string (its kit switches that endpoint off), so there
 * this servlet answers, the way Liberty does: 200 when every check is UP, else 503.
 */
@WebServlet(urlPatterns = {"/health", "/health/*"})
public class HealthServlet extends ApiServlet {

    @Inject
    @Any
    Instance<HealthCheck> checks;

    public HealthServlet() {
        super("GET");
    }

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse res) throws IOException {
        String kind = req.getPathInfo() == null ? "" : req.getPathInfo();
        List<Annotation> qualifiers = switch (kind) {
            case "", "/" -> List.of(Readiness.Literal.INSTANCE, Liveness.Literal.INSTANCE, Startup.Literal.INSTANCE);
            case "/ready" -> List.of(Readiness.Literal.INSTANCE);
            case "/live" -> List.of(Liveness.Literal.INSTANCE);
            case "/started" -> List.of(Startup.Literal.INSTANCE);
            default -> List.of();
        };
        if (qualifiers.isEmpty()) {
            res.sendError(HttpServletResponse.SC_NOT_FOUND);
            return;
        }
        boolean up = true;
        JsonArrayBuilder array = JsonCodec.array();
        for (Annotation qualifier : qualifiers) {
            for (HealthCheck check : checks.select(qualifier)) {
                HealthCheckResponse r = check.call();
                up &= r.getStatus() == HealthCheckResponse.Status.UP;
                array.add(json(r));
            }
        }
        res.setHeader("Cache-Control", "no-store");
        JsonResponses.write(res, up ? 200 : 503, JsonCodec.object().add("status", up ? "UP" : "DOWN")
                .add("checks", array).build());
    }

    private static JsonObjectBuilder json(HealthCheckResponse r) {
        JsonObjectBuilder check = JsonCodec.object().add("name", r.getName()).add("status", r.getStatus().name());
        r.getData().filter(d -> !d.isEmpty()).ifPresent(data -> {
            JsonObjectBuilder d = JsonCodec.object();
            for (Map.Entry<String, Object> e : data.entrySet()) {
                Object v = e.getValue();
                if (v instanceof Boolean b) {
                    d.add(e.getKey(), b);
                } else if (v instanceof Number n) {
                    d.add(e.getKey(), n.longValue());
                } else {
                    d.add(e.getKey(), String.valueOf(v));
                }
            }
            check.add("data", d);
        });
        return check;
    }
}
