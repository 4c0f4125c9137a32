package dev.llmproxy.domain.config;

import dev.llmproxy.domain.limits.ScopeLimit;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/** Per-scope request limits: scope name -> per-minute and per-hour maxima per client (0 = none). */
public final class ScopeLimitsKey extends SettingKey<Map<String, ScopeLimit>> {
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
    @Override public String inputKind() { return "lines"; }
    @Override public Object fromFormText(String text) {
        try {
            return toPlain(parseText(text.replace("\r", "")));
        } catch (IllegalArgumentException e) {
            throw e;
        } catch (RuntimeException e) {
            throw invalid("takes one scope per line: name=perMinute/perHour (0 = no limit), e.g. pairing=5/20");
        }
    }
    @Override public Object toPlain(Map<String, ScopeLimit> value) {
        Map<String, Object> out = new LinkedHashMap<>();
        value.forEach((scope, l) -> out.put(scope, Map.of("perMinute", (long) l.perMinute(), "perHour", (long) l.perHour())));
        return out;
    }
}
