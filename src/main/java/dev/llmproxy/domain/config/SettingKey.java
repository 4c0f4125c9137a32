package dev.llmproxy.domain.config;

import dev.llmproxy.domain.limits.ScopeLimit;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * One runtime setting: its name in the config document, type, default, bounds, unit and a one-line explanation.
 * The definition is the single source for validation, export, persistence and documentation.
 */
public abstract sealed class SettingKey<T> permits SettingKey.LongKey, SettingKey.BoolKey, SettingKey.IntListKey,
        SettingKey.TextListKey, SettingKey.ChoiceKey, SettingKey.ScopeLimitsKey {

    private final String name;
    private final T defaultValue;
    private final String unit;
    private final String description;

    private SettingKey(String name, T defaultValue, String unit, String description) {
        this.name = name;
        this.defaultValue = defaultValue;
        this.unit = unit;
        this.description = description;
    }

    public String name() { return name; }
    public T defaultValue() { return defaultValue; }
    public String unit() { return unit; }
    public String description() { return description; }

    /** Converts a plain Java value (Number, Boolean, String, List) into this setting's type, or throws with a message. */
    public abstract T coerce(Object raw);

    /** Text form for persistence; {@link #parseText} reads it back. */
    public abstract String toText(T value);

    public T parseText(String text) {
        return coerce(fromText(text));
    }

    /** Plain Java form for export (Long, Boolean, String or List). */
    public Object toPlain(T value) { return value; }

    abstract Object fromText(String text);

    IllegalArgumentException invalid(String rule) {
        return invalidAt("", rule);
    }

    /** @param path below the setting, e.g. {@code .chat.perMinute} */
    IllegalArgumentException invalidAt(String path, String rule) {
        return new SettingProblem(name, "settings." + name + path + " " + rule);
    }

    public static final class LongKey extends SettingKey<Long> {
        private final long min;
        private final long max;

        LongKey(String name, long defaultValue, long min, long max, String unit, String description) {
            super(name, defaultValue, unit, description);
            this.min = min;
            this.max = max;
        }

        @Override public Long coerce(Object raw) {
            if (!(raw instanceof Number n) || n.doubleValue() != Math.rint(n.doubleValue())) {
                throw invalid("must be a whole number");
            }
            long v = n.longValue();
            if (v < min || v > max) {
                throw invalid("must be between " + min + " and " + max + " (was " + v + ")");
            }
            return v;
        }
        @Override public String toText(Long value) { return Long.toString(value); }
        @Override Object fromText(String text) { return Long.parseLong(text.trim()); }
        public long min() { return min; }
        public long max() { return max; }
    }

    /** A flag; a null default means "decided by the deployment" (the key's description says how). */
    public static final class BoolKey extends SettingKey<Boolean> {
        BoolKey(String name, Boolean defaultValue, String description) {
            super(name, defaultValue, "", description);
        }
        @Override public Boolean coerce(Object raw) {
            if (!(raw instanceof Boolean b)) throw invalid("must be true or false");
            return b;
        }
        @Override public String toText(Boolean value) { return value.toString(); }
        @Override Object fromText(String text) { return Boolean.parseBoolean(text.trim()); }
    }

    /** A set of HTTP status codes. */
    public static final class IntListKey extends SettingKey<Set<Integer>> {
        IntListKey(String name, Set<Integer> defaultValue, String description) {
            super(name, Set.copyOf(defaultValue), "HTTP status codes", description);
        }
        @Override public Set<Integer> coerce(Object raw) {
            if (!(raw instanceof List<?> list)) throw invalid("must be a list of HTTP status codes");
            List<Integer> out = new ArrayList<>();
            for (Object o : list) {
                if (!(o instanceof Number n) || n.intValue() < 100 || n.intValue() > 599 || n.doubleValue() != n.intValue()) {
                    throw invalid("must hold only HTTP status codes between 100 and 599 (found " + o + ")");
                }
                out.add(n.intValue());
            }
            return Set.copyOf(out);
        }
        @Override public String toText(Set<Integer> value) {
            return String.join(",", value.stream().sorted().map(String::valueOf).toList());
        }
        @Override Object fromText(String text) {
            if (text.isBlank()) return List.of();
            return List.of(text.split(",")).stream().map(s -> (Object) Integer.parseInt(s.trim())).toList();
        }
        @Override public Object toPlain(Set<Integer> value) { return value.stream().sorted().toList(); }
    }

    /** A list of case-insensitive texts, each checked by a validator that throws a message on a bad entry. */
    public static final class TextListKey extends SettingKey<List<String>> {
        private final Consumer<String> validator;

        TextListKey(String name, List<String> defaultValue, String description) {
            this(name, defaultValue, description, s -> { });
        }

        TextListKey(String name, List<String> defaultValue, String description, Consumer<String> validator) {
            super(name, List.copyOf(defaultValue), "", description);
            this.validator = validator;
        }
        @Override public List<String> coerce(Object raw) {
            if (!(raw instanceof List<?> list)) throw invalid("must be a list of strings");
            List<String> out = new ArrayList<>();
            for (Object o : list) {
                if (!(o instanceof String s) || s.isBlank() || s.contains("\n")) {
                    throw invalid("must hold only non-empty single-line strings (found " + o + ")");
                }
                try {
                    validator.accept(s.trim());
                } catch (IllegalArgumentException e) {
                    throw invalid("holds " + e.getMessage());
                }
                out.add(s.trim().toLowerCase(Locale.ROOT));
            }
            return List.copyOf(out);
        }
        @Override public String toText(List<String> value) { return String.join("\n", value); }
        @Override Object fromText(String text) { return text.isEmpty() ? List.of() : List.of(text.split("\n")); }
    }

    public static final class ChoiceKey extends SettingKey<String> {
        private final List<String> choices;

        ChoiceKey(String name, String defaultValue, List<String> choices, String description) {
            super(name, defaultValue, "", description);
            this.choices = List.copyOf(choices);
        }
        @Override public String coerce(Object raw) {
            if (!(raw instanceof String s) || !choices.contains(s)) {
                throw invalid("must be one of " + choices + " (was " + raw + ")");
            }
            return s;
        }
        @Override public String toText(String value) { return value; }
        @Override Object fromText(String text) { return text; }
        public List<String> choices() { return choices; }
    }

    /** Per-scope request limits: scope name -> per-minute and per-hour maxima per client (0 = none). */
    public static final class ScopeLimitsKey extends SettingKey<Map<String, ScopeLimit>> {
        private static final long MAX = 1_000_000;

        ScopeLimitsKey(String name, String description) {
            super(name, Map.of(), "requests per client", description);
        }
        @Override public Map<String, ScopeLimit> coerce(Object raw) {
            if (!(raw instanceof Map<?, ?> map)) {
                throw invalid("must be an object of scope name -> {\"perMinute\": n, \"perHour\": n}");
            }
            Map<String, ScopeLimit> out = new TreeMap<>();
            for (Map.Entry<?, ?> e : map.entrySet()) {
                String scope = String.valueOf(e.getKey());
                if (!ScopeLimit.isName(scope)) {
                    throw invalid("has a bad scope name \"" + scope + "\" (lower-case letters, digits, - and _, at most 40)");
                }
                if (!(e.getValue() instanceof Map<?, ?> limits)) {
                    throw invalidAt("." + scope, "must be an object with perMinute and/or perHour");
                }
                for (Object k : limits.keySet()) {
                    if (!k.equals("perMinute") && !k.equals("perHour")) {
                        throw invalidAt("." + scope + "." + k, "is not known (perMinute, perHour)");
                    }
                }
                out.put(scope, new ScopeLimit(count(scope, "perMinute", limits.get("perMinute")),
                        count(scope, "perHour", limits.get("perHour"))));
            }
            return Collections.unmodifiableMap(out);
        }
        private int count(String scope, String field, Object raw) {
            if (raw == null) {
                return 0;
            }
            if (!(raw instanceof Number n) || n.doubleValue() != Math.rint(n.doubleValue()) || n.longValue() < 0
                    || n.longValue() > MAX) {
                throw invalidAt("." + scope + "." + field, "must be a whole number between 0 and " + MAX + " (was " + raw + ")");
            }
            return n.intValue();
        }
        @Override public String toText(Map<String, ScopeLimit> value) {
            StringBuilder sb = new StringBuilder();
            value.forEach((scope, l) -> sb.append(sb.length() == 0 ? "" : "\n").append(scope).append('=')
                    .append(l.perMinute()).append('/').append(l.perHour()));
            return sb.toString();
        }
        @Override Object fromText(String text) {
            Map<String, Object> out = new LinkedHashMap<>();
            if (!text.isBlank()) {
                for (String line : text.split("\n")) {
                    String[] kv = line.split("=", 2);
                    String[] counts = kv[1].split("/", 2);
                    out.put(kv[0], Map.of("perMinute", Long.parseLong(counts[0]), "perHour", Long.parseLong(counts[1])));
                }
            }
            return out;
        }
        @Override public Object toPlain(Map<String, ScopeLimit> value) {
            Map<String, Object> out = new LinkedHashMap<>();
            value.forEach((scope, l) -> out.put(scope, Map.of("perMinute", (long) l.perMinute(), "perHour", (long) l.perHour())));
            return out;
        }
    }

    @Override public boolean equals(Object o) {
        return o instanceof SettingKey<?> k && k.name.equals(name);
    }
    @Override public int hashCode() { return Objects.hash(name); }
    @Override public String toString() { return name; }
}
