package dev.llmproxy.domain.config;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** A set of HTTP status codes. */
public final class IntListKey extends SettingKey<Set<Integer>> {
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
