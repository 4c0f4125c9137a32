package dev.llmproxy.domain.config;

/** A flag; a null default means "decided by the deployment" (the key's description says how). */
public final class BoolKey extends SettingKey<Boolean> {
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
