package dev.llmproxy.docs;

import dev.llmproxy.domain.config.BoolKey;
import dev.llmproxy.domain.config.ChoiceKey;
import dev.llmproxy.domain.config.IntListKey;
import dev.llmproxy.domain.config.LongKey;
import dev.llmproxy.application.config.DeploymentVariable;
import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.config.BudgetsKey;
import dev.llmproxy.domain.config.ScopeLimitsKey;
import dev.llmproxy.domain.config.SettingGroup;
import dev.llmproxy.domain.config.SettingKey;
import dev.llmproxy.domain.config.SettingKeys;
import dev.llmproxy.domain.config.TextListKey;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The tables of {@code docs/configuration.md}, rendered from the code's own registries: the runtime settings
 * ({@link SettingKeys}), the environment variables ({@link DeploymentVariable}) and the allowlist's model fields
 * ({@link AllowedModel#FIELDS}, explained here). The prose around them is written by hand.
 */
final class ConfigurationReference {

    /** What each model field means; a field the record gains without a line here fails the reference's test. */
    static final Map<String, String> MODEL_FIELDS = modelFields();

    private ConfigurationReference() {
    }

    /** The generated blocks by name, in the order they appear in the document. */
    static Map<String, String> blocks() {
        Map<String, String> blocks = new LinkedHashMap<>();
        blocks.put("variables", variables());
        blocks.put("model-fields", modelFieldTable());
        blocks.put("settings", settings());
        return blocks;
    }

    static String variables() {
        StringBuilder out = new StringBuilder();
        for (DeploymentVariable.Part part : DeploymentVariable.Part.values()) {
            out.append("\n### ").append(part.title()).append("\n\n| variable | default | meaning |\n|---|---|---|\n");
            for (DeploymentVariable v : DeploymentVariable.values()) {
                if (v.part() == part) {
                    row(out, "`" + v.name() + "`", v.defaultText(), v.meaning());
                }
            }
        }
        return out.toString();
    }

    static String modelFieldTable() {
        StringBuilder out = new StringBuilder("\n| field | meaning |\n|---|---|\n");
        for (String field : AllowedModel.FIELDS) {
            row(out, "`" + field + "`", MODEL_FIELDS.getOrDefault(field, "(undocumented)"));
        }
        return out.toString();
    }

    static String settings() {
        StringBuilder out = new StringBuilder();
        for (SettingGroup group : SettingGroup.values()) {
            List<SettingKey<?>> keys = SettingKeys.all().stream().filter(k -> k.group() == group).toList();
            if (keys.isEmpty()) {
                continue;
            }
            out.append("\n### ").append(group.title()).append("\n\n| setting | default | values | meaning |\n")
                    .append("|---|---|---|---|\n");
            for (SettingKey<?> key : keys) {
                row(out, "`" + key.name() + "`", defaultOf(key), valuesOf(key), key.description());
            }
        }
        return out.toString();
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static String defaultOf(SettingKey key) {
        if (key.defaultValue() == null) {
            return "decided by `PROXY_MODE`";
        }
        String text = key.formText(key.defaultValue());
        return text.isEmpty() ? "empty" : "`" + text + "`";
    }

    private static String valuesOf(SettingKey<?> key) {
        if (key instanceof LongKey l) {
            return l.min() + " to " + l.max() + (key.unit().isEmpty() ? "" : " " + key.unit());
        }
        if (key instanceof ChoiceKey c) {
            return c.choices().stream().map(s -> "`" + s + "`").collect(Collectors.joining(", "));
        }
        if (key instanceof BoolKey) {
            return "`true`, `false`";
        }
        if (key instanceof BudgetsKey || key instanceof ScopeLimitsKey) {
            return "an object";
        }
        if (key instanceof IntListKey || key instanceof TextListKey) {
            return "a list";
        }
        return "text";
    }

    private static void row(StringBuilder out, String... cells) {
        out.append('|');
        for (String cell : cells) {
            out.append(' ').append(cell.replace("|", "\\|").replace("\n", " ")).append(" |");
        }
        out.append('\n');
    }

    private static Map<String, String> modelFields() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("name", "the alias callers and tiers use (not also a tier's name)");
        m.put("provider", "the provider's `name`");
        m.put("upstreamModel", "the provider's own name for the model (for `sim`: a behaviour, see Providers)");
        m.put("family", "optional: the model family, which decides defaults such as the room for thoughts");
        m.put("enabled", "default `true`; a disabled model is never called");
        m.put("free", "default `false`: whether the model costs nothing (see the setting `requireVerifiedFree`)");
        m.put("freeVerifiedOn", "`YYYY-MM-DD`: when someone last checked the free status; unset: unverified");
        m.put("contextWindow", "tokens the model takes in and gives out; bounds what budgets reserve, and after a "
                + "model of the chain found a prompt too long, later models declaring no larger a window are passed over");
        m.put("supportsPrefill", "default `false`: whether the model continues an assistant prefill, which makes it "
                + "a target for continuing a broken stream");
        m.put("inputCostPerMTok", "USD per million prompt tokens");
        m.put("outputCostPerMTok", "USD per million output tokens");
        m.put("localStandIn", "another allowlisted model that answers for this one in local development");
        m.put("reasoningEffort", "the effort asked when the caller names none: `none`, `minimal`, `low`, `medium`, "
                + "`high`, `xhigh` or `max`; unset: the model's own default");
        m.put("thinkingHeadroom", "output tokens (0 to 1,000,000) added to a caller's `max_tokens` for the model's "
                + "thoughts; unset: by model family");
        m.put("cachedInputCostPerMTok", "USD per million prompt tokens the provider serves from its cache; unset: the "
                + "input price");
        m.put("vectorSpace", "makes the model an embedding model: `label@dimensions`, e.g. "
                + "`text-embedding-3-small@1536`; embedding chains never leave their space");
        m.put("cacheWriteCostPerMTok", "USD per million prompt tokens the provider writes to its cache (Anthropic "
                + "bills 1.25 times the input price); unset: the input price");
        m.put("promptCaching", "default `false`: ask the provider to cache the stable start of each prompt (the "
                + "system prompt and tools), for providers that cache only when asked");
        m.put("maxConcurrent", "calls (1 to 100,000) to the model that may be in flight at once, so one slow model "
                + "cannot hold every worker; beyond it a request goes to the next model of its chain, or waits for a "
                + "slot within its budget when no later model could be called; unset: no cap");
        m.put("deploymentOf", "the deployment group this model is one deployment of (the same model at another "
                + "provider or region); tiers and callers may name the group, whose deployments are balanced and fail "
                + "over to each other before the chain moves on; unset: in no group");
        m.put("weight", "the deployment's share (1 to 1,000) of its group's traffic; give every deployment of a group "
                + "a weight, or none to send each request first to the fastest lately");
        return Map.copyOf(m);
    }
}
