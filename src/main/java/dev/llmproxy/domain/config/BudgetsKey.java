package dev.llmproxy.domain.config;

import dev.llmproxy.domain.limits.ScopeLimit;
import dev.llmproxy.domain.spend.BudgetLimits;

import java.math.BigDecimal;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * Spend budgets by owner: {@code global} (everything), {@code keys} (each API key without a budget of its own) and
 * {@code scope:<name>} (everything in that scope), each with per-day and per-month maxima in US dollars and/or tokens.
 */
public final class BudgetsKey extends SettingKey<Map<String, BudgetLimits>> {

    public static final String GLOBAL = "global";
    public static final String KEYS = "keys";
    public static final String SCOPE = "scope:";

    BudgetsKey(String name, String description) {
        super(name, Map.of(), "per UTC day / month", description);
    }

    public static boolean isOwner(String owner) {
        return owner.equals(GLOBAL) || owner.equals(KEYS)
                || (owner.startsWith(SCOPE) && ScopeLimit.isName(owner.substring(SCOPE.length())));
    }

    @Override public Map<String, BudgetLimits> coerce(Object raw) {
        if (!(raw instanceof Map<?, ?> map)) {
            throw invalid("must be an object of owner (global, keys, scope:<name>) -> {\"dailyUsd\": n, ...}");
        }
        Map<String, BudgetLimits> out = new TreeMap<>();
        for (Map.Entry<?, ?> e : map.entrySet()) {
            String owner = String.valueOf(e.getKey());
            if (!isOwner(owner)) {
                throw invalid("has an unknown owner \"" + owner + "\" (global, keys or scope:<name>)");
            }
            if (!(e.getValue() instanceof Map<?, ?> fields)) {
                throw invalidAt("." + owner, "must be an object of " + String.join(", ", BudgetLimits.FIELDS));
            }
            BudgetLimits limits = BudgetLimits.fromPlain(fields, (field, rule) -> {
                throw invalidAt("." + owner + "." + field, rule);
            });
            if (limits.tokensPerMinute() != null) {
                throw invalidAt("." + owner + ".tokensPerMinute", "is set per key: keyTokensPerMinute for every key, "
                        + "or the key's own budget");
            }
            if (!limits.isEmpty()) {
                out.put(owner, limits);
            }
        }
        return Collections.unmodifiableMap(out);
    }

    /** One owner per line: {@code owner field=amount ...}, e.g. {@code global dailyUsd=20 monthlyUsd=300}. */
    @Override public String toText(Map<String, BudgetLimits> value) {
        StringBuilder sb = new StringBuilder();
        value.forEach((owner, limits) -> {
            sb.append(sb.length() == 0 ? "" : "\n").append(owner);
            limits.toPlain().forEach((f, v) -> sb.append(' ').append(f).append('=')
                    .append(v instanceof BigDecimal d ? d.stripTrailingZeros().toPlainString() : v));
        });
        return sb.toString();
    }

    @Override Object fromText(String text) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (String line : text.split("\n")) {
            String[] words = line.trim().split("\\s+");
            if (words[0].isEmpty()) {
                continue;
            }
            Map<String, Object> fields = new LinkedHashMap<>();
            for (int i = 1; i < words.length; i++) {
                String[] kv = words[i].split("=", 2);
                fields.put(kv[0], new BigDecimal(kv[1]));
            }
            out.put(words[0], fields);
        }
        return out;
    }

    @Override public String inputKind() { return "lines"; }

    @Override public Object fromFormText(String text) {
        try {
            return toPlain(parseText(text.replace("\r", "")));
        } catch (SettingProblem e) {
            throw e;
        } catch (RuntimeException e) {
            throw invalid("takes one owner per line: owner field=amount ..., e.g. global dailyUsd=20 monthlyTokens="
                    + "5000000 (owners: global, keys, scope:<name>)");
        }
    }

    @Override public Object toPlain(Map<String, BudgetLimits> value) {
        Map<String, Object> out = new LinkedHashMap<>();
        value.forEach((owner, limits) -> out.put(owner, limits.toPlain()));
        return out;
    }
}
