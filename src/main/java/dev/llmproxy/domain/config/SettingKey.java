package dev.llmproxy.domain.config;

import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * One runtime setting: its name in the config document, type, default, bounds, unit and a one-line explanation.
 * The definition is the single source for validation, export, persistence and documentation.
 */
public abstract sealed class SettingKey<T> permits LongKey, BoolKey, IntListKey, TextListKey, TextKey,
        ChoiceKey, ScopeLimitsKey, BudgetsKey {

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

    @Override public boolean equals(Object o) {
        return o instanceof SettingKey<?> k && k.name.equals(name);
    }
    @Override public int hashCode() { return Objects.hash(name); }
    @Override public String toString() { return name; }
}
