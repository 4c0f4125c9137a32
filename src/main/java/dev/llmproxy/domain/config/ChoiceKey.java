package dev.llmproxy.domain.config;

import java.util.List;

/** One of a fixed set of words. */
public final class ChoiceKey extends SettingKey<String> {
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
