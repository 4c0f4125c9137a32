package dev.llmproxy.interfaces.proxy;

import dev.llmproxy.interfaces.json.JsonResponses;
import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.application.config.ConfigService;
import dev.llmproxy.domain.config.AllowedModel;
import dev.llmproxy.domain.config.RuntimeConfig;
import dev.llmproxy.domain.config.Tier;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;

/** {@code GET /v1/models}: the tiers and enabled allowlisted models, in OpenAI's list format. */
@WebServlet(urlPatterns = "/v1/models")
public class ModelsServlet extends ApiServlet {

    public ModelsServlet() {
        super("GET");
    }

    @Inject
    ConfigService configs;

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse res) throws IOException {
        RuntimeConfig config = configs.current();
        JsonArrayBuilder data = JsonCodec.array();
        for (Tier t : config.tiers()) {
            boolean servable = t.chain().stream().anyMatch(m -> config.model(m).map(AllowedModel::enabled).orElse(false));
            if (servable) {
                data.add(JsonCodec.object().add("id", t.name()).add("object", "model").add("created", 0)
                        .add("owned_by", "llm-proxy").add("kind", "tier")
                        .add("description", t.description() == null ? "" : t.description()));
            }
        }
        for (AllowedModel m : config.models()) {
            if (m.enabled()) {
                data.add(JsonCodec.object().add("id", m.name()).add("object", "model").add("created", 0)
                        .add("owned_by", m.provider()).add("kind", "model"));
            }
        }
        JsonResponses.write(res, 200, JsonCodec.object().add("object", "list").add("data", data).build());
    }
}
