package dev.llmproxy.interfaces.proxy;

import dev.llmproxy.application.config.ConfigService;
import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.domain.config.AllowedModel;
import dev.llmproxy.domain.config.RuntimeConfig;
import dev.llmproxy.domain.config.Tier;
import dev.llmproxy.domain.failure.ErrorKind;
import dev.llmproxy.domain.failure.ProxyError;
import dev.llmproxy.interfaces.json.JsonResponses;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code GET /v1/models}: the tiers that can answer and the enabled allowlisted models, in OpenAI's list format;
 * {@code GET /v1/models/{id}} one of them (the official SDKs' {@code models.retrieve}). {@code owned_by} says
 * {@code tier} for a tier and the provider's name for a model.
 */
@WebServlet(urlPatterns = {"/v1/models", "/v1/models/*"})
public class ModelsServlet extends ApiServlet {

    static final String TIER = "tier";

    public ModelsServlet() {
        super("GET");
    }

    @Inject
    ConfigService configs;

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse res) throws IOException {
        List<JsonObject> all = listed(configs.current());
        String path = req.getPathInfo();
        if (path == null || path.equals("/")) {
            JsonArrayBuilder data = JsonCodec.array();
            all.forEach(data::add);
            JsonResponses.write(res, 200, JsonCodec.object().add("object", "list").add("data", data).build());
            return;
        }
        String id = path.substring(1);
        for (JsonObject model : all) {
            if (model.getString("id").equals(id)) {
                JsonResponses.write(res, 200, model);
                return;
            }
        }
        JsonResponses.error(res, new ProxyError(ErrorKind.NOT_FOUND, "No tier or enabled model is named '"
                + (id.length() > 200 ? id.substring(0, 200) + "..." : id) + "'.", "model", null));
    }

    /** The tiers with an enabled model to answer, then the enabled models. */
    private static List<JsonObject> listed(RuntimeConfig config) {
        List<JsonObject> out = new ArrayList<>();
        for (Tier t : config.tiers()) {
            boolean servable = t.chain().stream().anyMatch(m -> config.model(m).map(AllowedModel::enabled).orElse(false));
            if (servable) {
                out.add(JsonCodec.object().add("id", t.name()).add("object", "model").add("created", 0)
                        .add("owned_by", TIER).add("kind", "tier")
                        .add("description", t.description() == null ? "" : t.description()).build());
            }
        }
        for (AllowedModel m : config.models()) {
            if (m.enabled()) {
                out.add(JsonCodec.object().add("id", m.name()).add("object", "model").add("created", 0)
                        .add("owned_by", m.provider()).add("kind", "model").build());
            }
        }
        return out;
    }
}
