package dev.llmproxy.interfaces.proxy;

import dev.llmproxy.application.config.ConfigService;
import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.config.ConfigRepository;
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
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code GET /v1/models}: the tiers that can answer and the enabled allowlisted models, in OpenAI's list format;
 * {@code GET /v1/models/{id}} one of them (the official SDKs' {@code models.retrieve}). {@code owned_by} says
 * {@code tier} for a tier and the provider's name for a model; {@code created} when it entered the configuration;
 * {@code makes} whether it answers chat or makes embeddings.
 */
@WebServlet(urlPatterns = {"/v1/models", "/v1/models/*"})
public class ModelsServlet extends ApiServlet {

    static final String TIER = "tier";

    public ModelsServlet() {
        super("GET");
    }

    @Inject
    ConfigService configs;
    @Inject
    ConfigRepository repository;

    /** When each entry entered the configuration, read once per configuration version. */
    private record EntryTimes(long version, Map<String, Instant> byName) {
    }

    private volatile EntryTimes times = new EntryTimes(-1, Map.of());

    @Override
    protected void doGet(HttpServletRequest req, HttpServletResponse res) throws IOException {
        RuntimeConfig config = configs.current();
        List<JsonObject> all = listed(config, enteredAt(config.version()));
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

    private Map<String, Instant> enteredAt(long version) {
        EntryTimes known = times;
        if (known.version() == version) {
            return known.byName();
        }
        Map<String, Instant> byName;
        try {
            byName = repository.enteredAt();
        } catch (RuntimeException e) {
            byName = Map.of(); // the database is away: "created" says 0 until the next version, never an error
        }
        times = new EntryTimes(version, byName);
        return byName;
    }

    /** The tiers with an enabled model to answer, then the enabled models. */
    private static List<JsonObject> listed(RuntimeConfig config, Map<String, Instant> enteredAt) {
        List<JsonObject> out = new ArrayList<>();
        for (Tier t : config.tiers()) {
            boolean servable = t.chain().stream().flatMap(e -> config.entry(e).stream())
                    .anyMatch(AllowedModel::enabled);
            if (servable) {
                String makes = config.entry(t.chain().get(0)).stream().findFirst().map(AllowedModel::kind)
                        .orElse("chat");
                out.add(JsonCodec.object().add("id", t.name()).add("object", "model")
                        .add("created", created(enteredAt, t.name())).add("owned_by", TIER).add("kind", "tier")
                        .add("makes", makes)
                        .add("description", t.description() == null ? "" : t.description()).build());
            }
        }
        for (AllowedModel m : config.models()) {
            if (m.enabled()) {
                out.add(JsonCodec.object().add("id", m.name()).add("object", "model")
                        .add("created", created(enteredAt, m.name())).add("owned_by", m.provider())
                        .add("kind", "model").add("makes", m.kind()).build());
            }
        }
        return out;
    }

    private static long created(Map<String, Instant> enteredAt, String name) {
        Instant at = enteredAt.get(name);
        return at == null ? 0 : at.getEpochSecond();
    }
}
