package dev.llmproxy.interfaces.proxy;

import dev.llmproxy.interfaces.json.JsonResponses;
import dev.llmproxy.application.breaker.ModelHealth;
import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.interfaces.json.ModelStatusJson;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;

/**
 * {@code GET /v1/status} (public): per tier whether it can answer now, per model its breaker state and the time to
 * its next probe. Nothing internal: no reasons, no error bodies.
 */
@WebServlet(urlPatterns = "/v1/status")
public class StatusServlet extends ApiServlet {

    public StatusServlet() {
        super("GET");
    }

    @Inject
    ModelHealth health;

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse res) throws IOException {
        JsonArrayBuilder tiers = JsonCodec.array();
        health.tiers().forEach(t -> tiers.add(JsonCodec.object().add("name", t.name()).add("canAnswer", t.canAnswer())));
        res.setHeader("Cache-Control", "no-store");
        JsonResponses.write(res, 200, JsonCodec.object().add("tiers", tiers)
                .add("models", ModelStatusJson.of(health.models())).build());
    }
}
