package dev.llmproxy.interfaces.console;

import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.config.ConfigValidationException;
import dev.llmproxy.domain.config.Problem;
import dev.llmproxy.domain.config.RuntimeConfig;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The allowlist form: a model's fields as text, read back into the configuration with every problem reported on
 * its field. Pure: unit-tested.
 */
public final class ModelForm {

    static final List<String> FIELDS = AllowedModel.FIELDS;

    /** The configuration with the model saved, or the errors by field. */
    public record Result(RuntimeConfig config, AllowedModel model, Map<String, String> errors) {
        public boolean ok() {
            return errors.isEmpty();
        }
    }

    private ModelForm() {
    }

    /** The form's values for a model (empty strings for a new one; checkboxes as "on"). */
    public static Map<String, String> values(AllowedModel m) {
        Map<String, String> v = new LinkedHashMap<>();
        FIELDS.forEach(f -> v.put(f, ""));
        if (m == null) {
            v.put("enabled", "on");
            return v;
        }
        v.put("name", m.name());
        v.put("provider", m.provider());
        v.put("upstreamModel", m.upstreamModel());
        v.put("family", n(m.family()));
        v.put("enabled", m.enabled() ? "on" : "");
        v.put("free", m.free() ? "on" : "");
        v.put("freeVerifiedOn", n(m.freeVerifiedOn()));
        v.put("contextWindow", n(m.contextWindow()));
        v.put("supportsPrefill", m.supportsPrefill() ? "on" : "");
        v.put("inputCostPerMTok", m.inputCostPerMTok() == null ? "" : m.inputCostPerMTok().toPlainString());
        v.put("outputCostPerMTok", m.outputCostPerMTok() == null ? "" : m.outputCostPerMTok().toPlainString());
        v.put("cachedInputCostPerMTok", m.cachedInputCostPerMTok() == null ? ""
                : m.cachedInputCostPerMTok().toPlainString());
        v.put("localStandIn", n(m.localStandIn()));
        v.put("reasoningEffort", n(m.reasoningEffort()));
        v.put("thinkingHeadroom", n(m.thinkingHeadroom()));
        v.put("vectorSpace", n(m.vectorSpace()));
        v.put("cacheWriteCostPerMTok", m.cacheWriteCostPerMTok() == null ? ""
                : m.cacheWriteCostPerMTok().toPlainString());
        v.put("promptCaching", m.promptCaching() ? "on" : "");
        v.put("maxConcurrent", n(m.maxConcurrent()));
        v.put("deploymentOf", n(m.deploymentOf()));
        v.put("weight", n(m.weight()));
        return v;
    }

    /**
     * @param existing the model's name when editing (the name cannot change), null when adding
     */
    public static Result save(RuntimeConfig current, String existing, Function<String, String> form) {
        Map<String, String> errors = new LinkedHashMap<>();
        String name = existing != null ? existing : text(form, "name");
        if (name == null) {
            errors.put("name", "A name is required.");
        } else if (existing == null && (current.model(name).isPresent() || current.tier(name).isPresent())) {
            errors.put("name", "'" + name + "' is already a model or tier name.");
        }
        String provider = text(form, "provider");
        String upstream = text(form, "upstreamModel");
        if (provider == null) {
            errors.put("provider", "Choose a provider.");
        }
        if (upstream == null) {
            errors.put("upstreamModel", "The provider's model name is required.");
        }
        LocalDate verified = null;
        if (text(form, "freeVerifiedOn") != null) {
            try {
                verified = LocalDate.parse(text(form, "freeVerifiedOn"));
            } catch (DateTimeParseException e) {
                errors.put("freeVerifiedOn", "A date such as 2026-11-30.");
            }
        }
        Integer context = whole(form, "contextWindow", "tokens", errors);
        Integer headroom = whole(form, "thinkingHeadroom", "tokens", errors);
        Integer cap = whole(form, "maxConcurrent", "calls", errors);
        Integer weight = whole(form, "weight", "shares", errors);
        BigDecimal in = decimal(form, "inputCostPerMTok", errors);
        BigDecimal out = decimal(form, "outputCostPerMTok", errors);
        BigDecimal cached = decimal(form, "cachedInputCostPerMTok", errors);
        BigDecimal written = decimal(form, "cacheWriteCostPerMTok", errors);
        if (!errors.isEmpty()) {
            return new Result(null, null, errors);
        }
        AllowedModel model = new AllowedModel(name, provider, upstream, text(form, "family"), checked(form, "enabled"),
                checked(form, "free"), verified, context, checked(form, "supportsPrefill"), in, out,
                text(form, "localStandIn"), text(form, "reasoningEffort"), headroom, cached, text(form, "vectorSpace"),
                written, checked(form, "promptCaching"), cap, text(form, "deploymentOf"), weight);
        List<AllowedModel> models = new ArrayList<>(current.models());
        int index = -1;
        for (int i = 0; i < models.size(); i++) {
            if (models.get(i).name().equals(name)) {
                index = i;
            }
        }
        if (index < 0) {
            models.add(model);
            index = models.size() - 1;
        } else {
            models.set(index, model);
        }
        try {
            return new Result(current.withModels(models), model, Map.of());
        } catch (ConfigValidationException e) {
            String prefix = "models[" + index + "].";
            for (Problem problem : e.found()) {
                problem.fieldBelow(prefix).ifPresentOrElse(field -> errors.put(field, problem.message()),
                        () -> errors.put("", problem.toString()));
            }
            return new Result(null, null, errors);
        }
    }

    private static Integer whole(Function<String, String> form, String field, String unit, Map<String, String> errors) {
        String t = text(form, field);
        if (t == null) {
            return null;
        }
        try {
            return Integer.valueOf(t);
        } catch (NumberFormatException e) {
            errors.put(field, "A whole number of " + unit + ".");
            return null;
        }
    }

    private static BigDecimal decimal(Function<String, String> form, String field, Map<String, String> errors) {
        String t = text(form, field);
        if (t == null) {
            return null;
        }
        try {
            return new BigDecimal(t);
        } catch (NumberFormatException e) {
            errors.put(field, "A number of dollars per million tokens, such as 0.15.");
            return null;
        }
    }

    private static String text(Function<String, String> form, String field) {
        String v = form.apply(field);
        return v == null || v.isBlank() ? null : v.strip();
    }

    /** A checkbox: sent (as "on") when ticked, absent or empty when not. */
    private static boolean checked(Function<String, String> form, String field) {
        String v = form.apply(field);
        return v != null && !v.isEmpty();
    }

    private static String n(Object o) {
        return o == null ? "" : o.toString();
    }
}
