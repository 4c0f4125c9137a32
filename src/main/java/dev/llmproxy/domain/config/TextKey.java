package dev.llmproxy.domain.config;

/** One line of text, possibly empty (for "not set"), at most {@link #MAX} characters. */
public final class TextKey extends SettingKey<String> {
    static final int MAX = 300;

    TextKey(String name, String defaultValue, String description) {
        super(name, defaultValue, "", description);
    }

    @Override public String coerce(Object raw) {
        if (!(raw instanceof String s) || s.length() > MAX || s.chars().anyMatch(c -> c < 0x20 || c == 0x7f)) {
            throw invalid("must be one line of at most " + MAX + " characters");
        }
        return s.strip();
    }
    @Override public String toText(String value) { return value; }
    @Override Object fromText(String text) { return text; }
}
