package dev.llmproxy.application.config;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.config.ConfigValidationException;
import dev.llmproxy.domain.config.Problem;
import dev.llmproxy.domain.catalog.Provider;
import dev.llmproxy.domain.catalog.ProviderKind;
import dev.llmproxy.domain.config.RuntimeConfig;
import dev.llmproxy.domain.config.SettingProblem;
import dev.llmproxy.domain.config.Settings;
import dev.llmproxy.domain.config.AnswerReuse;
import dev.llmproxy.domain.config.Tier;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import jakarta.json.stream.JsonParsingException;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The config document: one JSON format for bootstrap, export and import ({@link ConfigDocumentWriter} writes it).
 * Reading is strict: unknown keys and invalid values are rejected with problems naming the field, and nothing is
 * returned unless all of it is valid.
 */
public final class ConfigDocument {

    private static final Set<String> TOP = Set.of("version", "providers", "models", "tiers", "settings");
    private static final Set<String> PROVIDER = Set.of("name", "kind", "baseUrl", "apiKeySecret");
    private static final Set<String> MODEL = Set.copyOf(AllowedModel.FIELDS);
    private static final Set<String> TIER = Set.of("name", "description", "chain", "hedged", "onRefusal",
            "maxAgeSeconds", "staleIfErrorSeconds");

    private ConfigDocument() {
    }

    /** Parses and validates a document; the returned config has version 0 (the store assigns one). */
    public static RuntimeConfig read(String json) {
        JsonObject root;
        try {
            JsonValue value = JsonCodec.read(json);
            if (!(value instanceof JsonObject o)) {
                throw ConfigValidationException.of("document", "must be a JSON object");
            }
            root = o;
        } catch (JsonParsingException e) {
            var loc = e.getLocation();
            throw ConfigValidationException.of("document", "invalid JSON"
                    + (loc == null ? "" : " at line " + loc.getLineNumber() + ", column " + loc.getColumnNumber())
                    + ": " + e.getMessage());
        } catch (JsonException e) {
            throw ConfigValidationException.of("document", "invalid JSON: " + e.getMessage());
        }
        return read(root);
    }

    public static RuntimeConfig read(JsonObject root) {
        List<Problem> problems = new ArrayList<>();
        JsonFields top = new JsonFields(root, "", TOP, problems);
        List<Provider> providers = new ArrayList<>();
        List<JsonObject> providerObjects = top.objects("providers", true);
        for (int i = 0; i < providerObjects.size(); i++) {
            if (providerObjects.get(i) != null) {
                readProvider(new JsonFields(providerObjects.get(i), "providers[" + i + "]", PROVIDER, problems), providers, problems);
            }
        }
        List<AllowedModel> models = new ArrayList<>();
        List<JsonObject> modelObjects = top.objects("models", true);
        for (int i = 0; i < modelObjects.size(); i++) {
            if (modelObjects.get(i) != null) {
                readModel(new JsonFields(modelObjects.get(i), "models[" + i + "]", MODEL, problems), models);
            }
        }
        List<Tier> tiers = new ArrayList<>();
        List<JsonObject> tierObjects = top.objects("tiers", true);
        for (int i = 0; i < tierObjects.size(); i++) {
            if (tierObjects.get(i) != null) {
                JsonFields f = new JsonFields(tierObjects.get(i), "tiers[" + i + "]", TIER, problems);
                String name = f.string("name", true);
                String description = f.string("description", false);
                List<String> chain = f.strings("chain", true);
                boolean hedged = f.bool("hedged", false);
                List<String> onRefusal = f.strings("onRefusal", false);
                Integer maxAge = f.nonNegativeInt("maxAgeSeconds");
                Integer staleIfError = f.nonNegativeInt("staleIfErrorSeconds");
                if (name != null) {
                    tiers.add(new Tier(name, description, chain, hedged, onRefusal, AnswerReuse.ofSeconds(
                            maxAge == null ? 0 : maxAge, staleIfError == null ? 0 : staleIfError)));
                }
            }
        }
        Settings settings = readSettings(top.object("settings"), problems);
        if (root.containsKey("version") && root.get("version").getValueType() != JsonValue.ValueType.NUMBER) {
            problems.add(new Problem("version", "must be a number (it is informational and ignored on import)"));
        }
        try {
            RuntimeConfig config = RuntimeConfig.of(0, providers, models, tiers, settings);
            if (problems.isEmpty()) {
                return config;
            }
        } catch (ConfigValidationException e) {
            // Report cross-reference problems together with the field problems: one round trip shows them all.
            problems.addAll(e.found());
        }
        throw new ConfigValidationException(problems);
    }

    private static void readProvider(JsonFields f, List<Provider> out, List<Problem> problems) {
        String name = f.string("name", true);
        String kindId = f.string("kind", true);
        String baseUrl = f.string("baseUrl", false);
        String secret = f.string("apiKeySecret", false);
        ProviderKind kind = null;
        if (kindId != null) {
            kind = ProviderKind.fromId(kindId).orElse(null);
            if (kind == null) {
                problems.add(new Problem(f.at("kind"), "must be one of " + ProviderKind.ids() + " (was '" + kindId + "')"));
            }
        }
        URI uri = null;
        if (baseUrl != null) {
            try {
                uri = URI.create(baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl);
            } catch (IllegalArgumentException e) {
                problems.add(new Problem(f.at("baseUrl"), "not a URL (" + e.getMessage() + ")"));
            }
        }
        if (name != null && kind != null) {
            out.add(new Provider(name, kind, uri, secret));
        }
    }

    private static void readModel(JsonFields f, List<AllowedModel> out) {
        String name = f.string("name", true);
        String provider = f.string("provider", true);
        String upstream = f.string("upstreamModel", true);
        AllowedModel m = new AllowedModel(name == null ? "" : name, provider == null ? "" : provider,
                upstream == null ? "" : upstream, f.string("family", false), f.bool("enabled", true),
                f.bool("free", false), f.date("freeVerifiedOn"), f.positiveInt("contextWindow"),
                f.bool("supportsPrefill", false), f.decimal("inputCostPerMTok"), f.decimal("outputCostPerMTok"),
                f.string("localStandIn", false), f.string("reasoningEffort", false), f.nonNegativeInt("thinkingHeadroom"),
                f.decimal("cachedInputCostPerMTok"), f.string("vectorSpace", false), f.decimal("cacheWriteCostPerMTok"),
                f.bool("promptCaching", false), f.positiveInt("maxConcurrent"), f.string("deploymentOf", false),
                f.positiveInt("weight"));
        if (name != null && provider != null && upstream != null) {
            out.add(m);
        }
    }

    private static Settings readSettings(JsonObject object, List<Problem> problems) {
        Settings.Builder builder = Settings.builder();
        if (object == null) {
            return builder.build();
        }
        for (Map.Entry<String, JsonValue> e : object.entrySet()) {
            try {
                builder.set(e.getKey(), JsonCodec.toPlain(e.getValue()));
            } catch (IllegalArgumentException ex) {
                problems.add(ex instanceof SettingProblem p ? p.problem() : new Problem("settings." + e.getKey(), ex.getMessage()));
            }
        }
        try {
            return builder.build();
        } catch (IllegalArgumentException ex) {
            problems.add(ex instanceof SettingProblem p ? p.problem() : new Problem("settings", ex.getMessage()));
            return Settings.defaults();
        }
    }
}
