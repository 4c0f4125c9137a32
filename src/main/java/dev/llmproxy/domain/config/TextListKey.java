package dev.llmproxy.domain.config;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/** A list of case-insensitive texts, each checked by a validator that throws a message on a bad entry. */
public final class TextListKey extends SettingKey<List<String>> {
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
    @Override public String formText(List<String> value) { return String.join(", ", value); }
    @Override public Object fromFormText(String text) {
        return List.of(text.split("\\s*,\\s*")).stream().filter(s -> !s.isEmpty()).map(s -> (Object) s).toList();
    }
}
