package dev.llmproxy.interfaces.console;

import dev.llmproxy.domain.config.SettingKey;
import dev.llmproxy.domain.config.ScopeLimitsKey;
import dev.llmproxy.domain.config.TextListKey;
import dev.llmproxy.domain.config.SettingKeys;
import dev.llmproxy.domain.config.SettingProblem;
import dev.llmproxy.domain.config.Settings;
import dev.llmproxy.domain.failure.Outcome;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The settings page's form: every setting grouped, with its unit, default and explanation, shown as text and read
 * back from text. Bad values come back per field, and nothing is saved unless all are good. Pure: unit-tested.
 */
public final class SettingsForm {

    /** The groups in page order; a setting in none of them lands in "Other". */
    static final Map<String, List<String>> GROUPS = groups();

    /** One field as the page shows it. */
    public record Field(String name, String kind, String value, String defaultValue, String unit, String help,
                        String error, List<String> choices, Long min, Long max) {
    }

    public record Group(String title, List<Field> fields) {
    }

    /** The outcome of reading a submitted form: new settings, or the errors by field. */
    public record Read(Settings settings, Map<String, String> errors, List<String> changed) {
        public boolean ok() {
            return errors.isEmpty();
        }
    }

    private SettingsForm() {
    }

    /** The page's groups for the settings in force, or for submitted values with their errors. */
    public static List<Group> view(Settings settings, Map<String, String> submitted, Map<String, String> errors) {
        Map<String, List<Field>> byGroup = new LinkedHashMap<>();
        GROUPS.keySet().forEach(g -> byGroup.put(g, new ArrayList<>()));
        for (SettingKey<?> key : SettingKeys.all()) {
            String group = GROUPS.entrySet().stream().filter(e -> e.getValue().contains(key.name())).map(Map.Entry::getKey)
                    .findFirst().orElse("Other");
            String value = submitted.containsKey(key.name()) ? submitted.get(key.name()) : text(key, settings.get(key));
            byGroup.computeIfAbsent(group, g -> new ArrayList<>()).add(field(key, value, errors.get(key.name())));
        }
        return byGroup.entrySet().stream().filter(e -> !e.getValue().isEmpty())
                .map(e -> new Group(e.getKey(), e.getValue())).toList();
    }

    /** Reads every field; a setting whose text is unchanged keeps its value as it was. */
    public static Read read(Settings current, Function<String, String> form) {
        Settings.Builder b = current.toBuilder();
        Map<String, String> errors = new LinkedHashMap<>();
        List<String> changed = new ArrayList<>();
        for (SettingKey<?> key : SettingKeys.all()) {
            String submitted = form.apply(key.name());
            if (submitted == null || submitted.strip().equals(text(key, current.get(key)).strip())) {
                continue;
            }
            try {
                Object plain = plain(key, submitted.strip());
                if (plain == null) {
                    b.unset(key);
                } else {
                    b.set(key.name(), plain);
                }
                changed.add(key.name());
            } catch (IllegalArgumentException e) {
                errors.put(key.name(), e.getMessage());
            }
        }
        Settings built = null;
        if (errors.isEmpty()) {
            try {
                built = b.build();
            } catch (SettingProblem e) {
                errors.put(e.setting(), e.getMessage());
            } catch (IllegalArgumentException e) {
                errors.put("", e.getMessage()); // not tied to one field
            }
        }
        return new Read(built, errors, changed);
    }

    /** The text a field shows for a value. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    static String text(SettingKey key, Object value) {
        if (value == null) {
            return "";
        }
        if (key instanceof SettingKey.IntListKey || key instanceof TextListKey) {
            return String.join(", ", ((List<?>) key.toPlain(value)).stream().map(Object::toString).toList());
        }
        return key.toText(value);
    }

    /** Plain Java from a field's text, as the config document would give it; null: back to the default. */
    static Object plain(SettingKey<?> key, String text) {
        if (key instanceof SettingKey.LongKey) {
            try {
                return Long.parseLong(text);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("settings." + key.name() + " must be a whole number (was " + text + ")");
            }
        }
        if (key instanceof SettingKey.BoolKey) {
            if (text.isEmpty()) {
                return null;
            }
            if (!text.equals("true") && !text.equals("false")) {
                throw new IllegalArgumentException("settings." + key.name() + " must be true or false");
            }
            return Boolean.valueOf(text);
        }
        if (key instanceof SettingKey.IntListKey) {
            List<Object> out = new ArrayList<>();
            for (String part : text.split("[,\\s]+")) {
                if (!part.isEmpty()) {
                    try {
                        out.add(Long.parseLong(part));
                    } catch (NumberFormatException e) {
                        throw new IllegalArgumentException("settings." + key.name() + " must hold only status codes (found "
                                + part + ")");
                    }
                }
            }
            return out;
        }
        if (key instanceof TextListKey) {
            return List.of(text.split("\\s*,\\s*")).stream().filter(s -> !s.isEmpty()).map(s -> (Object) s).toList();
        }
        if (key instanceof ScopeLimitsKey scopes) {
            try {
                return scopes.toPlain(scopes.parseText(text.replace("\r", "")));
            } catch (IllegalArgumentException e) {
                throw e;
            } catch (RuntimeException e) {
                throw new IllegalArgumentException("settings." + key.name()
                        + " takes one scope per line: name=perMinute/perHour (0 = no limit), e.g. pairing=5/20");
            }
        }
        return text;
    }

    private static Field field(SettingKey<?> key, String value, String error) {
        String kind = key instanceof SettingKey.LongKey ? "number" : key instanceof SettingKey.BoolKey ? "bool"
                : key instanceof SettingKey.ChoiceKey ? "choice" : key instanceof ScopeLimitsKey ? "lines" : "text";
        List<String> choices = key instanceof SettingKey.ChoiceKey c ? c.choices() : List.of();
        Long min = key instanceof SettingKey.LongKey l ? l.min() : null;
        Long max = key instanceof SettingKey.LongKey l ? l.max() : null;
        String def = key.defaultValue() == null ? "decided by PROXY_MODE" : text(key, key.defaultValue());
        return new Field(key.name(), kind, value, def, key.unit(), key.description(), error, choices, min, max);
    }

    private static Map<String, List<String>> groups() {
        Map<String, List<String>> g = new LinkedHashMap<>();
        g.put("Time budgets and retries", List.of("attemptTimeoutMs", "chainBudgetMs", "maxSameModelRetries",
                "backoffInitialMs", "backoffMaxMs", "rateLimitCooldownMs", "waitForRetryAfterOnLastModel"));
        g.put("Streaming", List.of("firstTokenTimeoutMs", "streamIdleTimeoutMs"));
        g.put("Outcome classification", List.of("sameModelRetryStatuses", "nextModelStatuses", "breakerFailureStatuses",
                "contextLengthMarkers", "contentPolicyMarkers", "routeAroundContentRefusals", "truncationPolicy"));
        g.put("Circuit breakers", List.of("breakerFailureThreshold", "breakerWindowMs", "breakerConsecutiveFailures",
                "breakerCooldownMs", "breakerHalfOpenProbes", "breakerSuccessThreshold"));
        g.put("Admission control", List.of("maxConcurrentUpstream", "queueDepth", "queueWaitTimeoutMs"));
        g.put("Callers and limits", List.of("allowAnonymousCallers", "ipLimitPerMinute", "ipLimitPerHour",
                "keyLimitPerMinute", "scopeLimits", "maxPromptChars", "maxBodyBytes", "bodyTimeoutMs", "trustedProxies", "allowedOrigins"));
        g.put("Console and admin sign-in", List.of("signInFailuresPerAddress", "signInFailuresPerUser",
                "signInWindowMs"));
        g.put("Request log", List.of("logPromptChars", "requestLogDurability", "requestLogSyncWaitMs",
                "requestLogRetentionDays"));
        return g;
    }
}
