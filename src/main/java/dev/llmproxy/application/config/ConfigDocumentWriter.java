package dev.llmproxy.application.config;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.catalog.Provider;
import dev.llmproxy.domain.config.RuntimeConfig;
import dev.llmproxy.domain.config.SettingKey;
import dev.llmproxy.domain.config.Tier;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonWriter;
import jakarta.json.JsonWriterFactory;
import jakarta.json.stream.JsonGenerator;

import java.io.StringWriter;
import java.math.BigDecimal;
import java.util.Map;

/** Writes a configuration as the config document {@link ConfigDocument} reads back: the export format. */
public final class ConfigDocumentWriter {

    private static final JsonWriterFactory PRETTY = JsonCodec.writers(Map.of(JsonGenerator.PRETTY_PRINTING, true));

    private ConfigDocumentWriter() {
    }

    public static JsonObject write(RuntimeConfig config) {
        JsonArrayBuilder providers = JsonCodec.array();
        for (Provider p : config.providers()) {
            JsonObjectBuilder b = JsonCodec.object().add("name", p.name()).add("kind", p.kind().id());
            if (p.baseUrl() != null) b.add("baseUrl", p.baseUrl().toString());
            if (p.apiKeySecret() != null) b.add("apiKeySecret", p.apiKeySecret());
            providers.add(b);
        }
        JsonArrayBuilder models = JsonCodec.array();
        for (AllowedModel m : config.models()) {
            JsonObjectBuilder b = JsonCodec.object().add("name", m.name()).add("provider", m.provider())
                    .add("upstreamModel", m.upstreamModel()).add("enabled", m.enabled()).add("free", m.free())
                    .add("supportsPrefill", m.supportsPrefill());
            if (m.family() != null) b.add("family", m.family());
            if (m.freeVerifiedOn() != null) b.add("freeVerifiedOn", m.freeVerifiedOn().toString());
            if (m.contextWindow() != null) b.add("contextWindow", m.contextWindow());
            addDecimal(b, "inputCostPerMTok", m.inputCostPerMTok());
            addDecimal(b, "outputCostPerMTok", m.outputCostPerMTok());
            addDecimal(b, "cachedInputCostPerMTok", m.cachedInputCostPerMTok());
            addDecimal(b, "cacheWriteCostPerMTok", m.cacheWriteCostPerMTok());
            if (m.promptCaching()) b.add("promptCaching", true);
            if (m.localStandIn() != null) b.add("localStandIn", m.localStandIn());
            if (m.reasoningEffort() != null) b.add("reasoningEffort", m.reasoningEffort());
            if (m.thinkingHeadroom() != null) b.add("thinkingHeadroom", m.thinkingHeadroom());
            if (m.vectorSpace() != null) b.add("vectorSpace", m.vectorSpace());
            if (m.maxConcurrent() != null) b.add("maxConcurrent", m.maxConcurrent());
            if (m.deploymentOf() != null) b.add("deploymentOf", m.deploymentOf());
            if (m.weight() != null) b.add("weight", m.weight());
            models.add(b);
        }
        JsonArrayBuilder tiers = JsonCodec.array();
        for (Tier t : config.tiers()) {
            JsonObjectBuilder b = JsonCodec.object().add("name", t.name());
            if (t.description() != null) b.add("description", t.description());
            if (t.hedged()) b.add("hedged", true);
            b.add("chain", JsonCodec.array(t.chain()));
            if (!t.onRefusal().isEmpty()) b.add("onRefusal", JsonCodec.array(t.onRefusal()));
            if (!t.reuse().maxAge().isZero()) b.add("maxAgeSeconds", t.reuse().maxAge().toSeconds());
            if (!t.reuse().staleIfError().isZero()) b.add("staleIfErrorSeconds", t.reuse().staleIfError().toSeconds());
            tiers.add(b);
        }
        JsonObjectBuilder settings = JsonCodec.object();
        // A null value is decided by the deployment (allowAnonymousCallers): leave it out rather than pin it.
        config.settings().effective().forEach((key, value) -> {
            if (value != null) {
                settings.add(key.name(), JsonCodec.fromPlain(plain(key, value)));
            }
        });
        return JsonCodec.object().add("version", config.version()).add("providers", providers)
                .add("models", models).add("tiers", tiers).add("settings", settings).build();
    }

    public static String writeString(RuntimeConfig config) {
        StringWriter out = new StringWriter();
        try (JsonWriter w = PRETTY.createWriter(out)) {
            w.writeObject(write(config));
        }
        return out.toString().strip();
    }

    private static void addDecimal(JsonObjectBuilder b, String key, BigDecimal value) {
        if (value != null) b.add(key, value);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Object plain(SettingKey key, Object value) {
        return key.toPlain(value);
    }
}
