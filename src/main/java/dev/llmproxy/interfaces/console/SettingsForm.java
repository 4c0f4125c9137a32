package dev.llmproxy.interfaces.console;

import dev.llmproxy.domain.config.ChoiceKey;
import dev.llmproxy.domain.config.LongKey;
import dev.llmproxy.domain.config.SettingGroup;
import dev.llmproxy.domain.config.SettingKey;
import dev.llmproxy.domain.config.SettingKeys;
import dev.llmproxy.domain.config.SettingProblem;
import dev.llmproxy.domain.config.Settings;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The settings page's form: every setting grouped, with its unit, default and explanation, shown as text and read
 * back from text. Bad values come back per field, and nothing is saved unless all are good. Pure: unit-tested.
 */
public final class SettingsForm {

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
        Map<SettingGroup, List<Field>> byGroup = new EnumMap<>(SettingGroup.class);
        for (SettingKey<?> key : SettingKeys.all()) {
            String value = submitted.containsKey(key.name()) ? submitted.get(key.name()) : text(key, settings.get(key));
            byGroup.computeIfAbsent(key.group(), g -> new ArrayList<>()).add(field(key, value, errors.get(key.name())));
        }
        return byGroup.entrySet().stream().map(e -> new Group(e.getKey().title(), e.getValue())).toList();
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
                Object plain = key.fromFormText(submitted.strip());
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
        return value == null ? "" : key.formText(value);
    }

    private static Field field(SettingKey<?> key, String value, String error) {
        List<String> choices = key instanceof ChoiceKey c ? c.choices() : List.of();
        Long min = key instanceof LongKey l ? l.min() : null;
        Long max = key instanceof LongKey l ? l.max() : null;
        String def = key.defaultValue() == null ? "decided by PROXY_MODE" : text(key, key.defaultValue());
        return new Field(key.name(), key.inputKind(), value, def, key.unit(), key.description(), error, choices, min, max);
    }
}
