package dev.llmproxy.domain.config;

/** A whole number within bounds, in a unit. */
public final class LongKey extends SettingKey<Long> {
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
