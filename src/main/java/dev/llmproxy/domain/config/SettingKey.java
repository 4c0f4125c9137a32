package dev.llmproxy.domain.config;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * One runtime setting: its name in the config document, type, default, bounds, unit and a one-line explanation.
 * The definition is the single source for validation, export, persistence and documentation.
 */
public abstract sealed class SettingKey<T> permits SettingKey.LongKey, SettingKey.BoolKey, SettingKey.IntListKey,
        TextListKey, TextKey, SettingKey.ChoiceKey, ScopeLimitsKey, BudgetsKey {

    private final String name;
    private final T defaultValue;
    private final String unit;
    private final String description;
    private SettingGroup group;

    SettingKey(String name, T defaultValue, String unit, String description) {
        this.name = name;
        this.defaultValue = defaultValue;
        this.unit = unit;
        this.description = description;
    }

    public String name() { return name; }
    public T defaultValue() { return defaultValue; }
    public String unit() { return unit; }
    public String description() { return description; }
    public SettingGroup group() { return group; }

    /** Set once, where the setting is defined ({@link SettingKeys}). */
    void inGroup(SettingGroup g) {
        if (group != null) {
            throw new IllegalStateException(name + " is already in " + group);
        }
        group = g;
    }

    /** The kind of input a form shows for it: {@code number}, {@code bool}, {@code choice}, {@code lines} or {@code text}. */
    public String inputKind() { return "text"; }

    /** How a form shows a value: as persisted, except lists, which read comma-separated. */
    public String formText(T value) { return toText(value); }

    /**
     * A form field's text as the config document would give it (then {@link #coerce}d); null for back to the default.
     *
     * @throws SettingProblem when the text cannot be such a value
     */
    public Object fromFormText(String text) { return text; }

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
        return new SettingProblem(name, path, rule);
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
        @Override public String inputKind() { return "number"; }
        @Override public Object fromFormText(String text) {
            try {
                return Long.parseLong(text);
            } catch (NumberFormatException e) {
                throw invalid("must be a whole number (was " + text + ")");
            }
        }
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
        @Override public String inputKind() { return "bool"; }
        @Override public Object fromFormText(String text) {
            if (text.isEmpty()) {
                return null;
            }
            if (!text.equals("true") && !text.equals("false")) {
                throw invalid("must be true or false");
            }
            return Boolean.valueOf(text);
        }
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
        @Override public String formText(Set<Integer> value) {
            return String.join(", ", value.stream().sorted().map(String::valueOf).toList());
        }
        @Override public Object fromFormText(String text) {
            List<Object> out = new ArrayList<>();
            for (String part : text.split("[,\\s]+")) {
                if (!part.isEmpty()) {
                    try {
                        out.add(Long.parseLong(part));
                    } catch (NumberFormatException e) {
                        throw invalid("must hold only status codes (found " + part + ")");
                    }
                }
            }
            return out;
        }
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
        @Override public String inputKind() { return "choice"; }
    }

    @Override public boolean equals(Object o) {
        return o instanceof SettingKey<?> k && k.name.equals(name);
    }
    @Override public int hashCode() { return Objects.hash(name); }
    @Override public String toString() { return name; }
}
