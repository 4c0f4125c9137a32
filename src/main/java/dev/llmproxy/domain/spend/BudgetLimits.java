package dev.llmproxy.domain.spend;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * What an owner may spend per UTC day and per UTC month, in US dollars and/or tokens, and (a key) how many tokens per
 * minute; null: not limited.
 */
public record BudgetLimits(BigDecimal dailyUsd, BigDecimal monthlyUsd, Long dailyTokens, Long monthlyTokens,
                           Long tokensPerMinute) {

    public static final BudgetLimits NONE = new BudgetLimits(null, null, null, null, null);
    /** The fields as the configuration, the admin API and the console name them. */
    public static final List<String> FIELDS = List.of("dailyUsd", "monthlyUsd", "dailyTokens", "monthlyTokens",
            "tokensPerMinute");

    /** Day and month budgets only. */
    public BudgetLimits(BigDecimal dailyUsd, BigDecimal monthlyUsd, Long dailyTokens, Long monthlyTokens) {
        this(dailyUsd, monthlyUsd, dailyTokens, monthlyTokens, null);
    }

    public BudgetLimits {
        for (BigDecimal usd : new BigDecimal[] {dailyUsd, monthlyUsd}) {
            if (usd != null && usd.signum() < 0) {
                throw new IllegalArgumentException("a budget in USD must not be negative");
            }
        }
        if ((dailyTokens != null && dailyTokens < 0) || (monthlyTokens != null && monthlyTokens < 0)
                || (tokensPerMinute != null && tokensPerMinute < 0)) {
            throw new IllegalArgumentException("a budget in tokens must not be negative");
        }
    }

    public boolean isEmpty() {
        return dailyUsd == null && monthlyUsd == null && dailyTokens == null && monthlyTokens == null
                && tokensPerMinute == null;
    }

    /** The budgets these limits make for an owner ({@code global}, {@code scope:<name>}, {@code key:<id>}). */
    public List<Budget> budgets(String owner) {
        List<Budget> out = new ArrayList<>(3);
        if (tokensPerMinute != null) {
            out.add(new Budget(owner + "." + BudgetPeriod.MINUTE.label(), BudgetPeriod.MINUTE, null, tokensPerMinute));
        }
        if (dailyUsd != null || dailyTokens != null) {
            out.add(new Budget(owner + "." + BudgetPeriod.DAY.label(), BudgetPeriod.DAY, dailyUsd, dailyTokens));
        }
        if (monthlyUsd != null || monthlyTokens != null) {
            out.add(new Budget(owner + "." + BudgetPeriod.MONTH.label(), BudgetPeriod.MONTH, monthlyUsd,
                    monthlyTokens));
        }
        return out;
    }

    /** A field's value by its name in {@link #FIELDS}. */
    public Object get(String field) {
        return switch (field) {
            case "dailyUsd" -> dailyUsd;
            case "monthlyUsd" -> monthlyUsd;
            case "dailyTokens" -> dailyTokens;
            case "monthlyTokens" -> monthlyTokens;
            case "tokensPerMinute" -> tokensPerMinute;
            default -> throw new IllegalArgumentException("no budget field " + field);
        };
    }

    /** The largest amount a budget may hold, in either unit. */
    public static final long MAX = 1_000_000_000_000L;

    /**
     * Reads limits as the config document and the admin API give them: an object of {@link #FIELDS}, each a
     * non-negative number (USD with at most {@value Cost#SCALE} decimals; tokens whole) or null.
     *
     * @param problem told (field, rule) of each thing wrong; the fields at fault are left unlimited
     */
    public static BudgetLimits fromPlain(Map<?, ?> raw, BiConsumer<String, String> problem) {
        for (Object k : raw.keySet()) {
            if (!FIELDS.contains(String.valueOf(k))) {
                problem.accept(String.valueOf(k), "is not known (" + String.join(", ", FIELDS) + ")");
            }
        }
        return new BudgetLimits(usd(raw, "dailyUsd", problem), usd(raw, "monthlyUsd", problem),
                tokens(raw, "dailyTokens", problem), tokens(raw, "monthlyTokens", problem),
                tokens(raw, "tokensPerMinute", problem));
    }

    private static BigDecimal usd(Map<?, ?> raw, String field, BiConsumer<String, String> problem) {
        Object v = raw.get(field);
        if (v == null) {
            return null;
        }
        BigDecimal d = v instanceof Number n ? new BigDecimal(n.toString()) : null;
        if (d == null || d.signum() < 0 || d.compareTo(BigDecimal.valueOf(MAX)) > 0
                || Math.max(0, d.stripTrailingZeros().scale()) > Cost.SCALE) {
            problem.accept(field, "must be an amount in US dollars between 0 and " + MAX + " (was " + v + ")");
            return null;
        }
        return d;
    }

    private static Long tokens(Map<?, ?> raw, String field, BiConsumer<String, String> problem) {
        Object v = raw.get(field);
        if (v == null) {
            return null;
        }
        if (!(v instanceof Number n) || new BigDecimal(n.toString()).stripTrailingZeros().scale() > 0
                || n.longValue() < 0 || n.longValue() > MAX) {
            problem.accept(field, "must be a whole number of tokens between 0 and " + MAX + " (was " + v + ")");
            return null;
        }
        return n.longValue();
    }

    /** These limits with another tokens-per-minute limit (null: none). */
    public BudgetLimits withTokensPerMinute(Long perMinute) {
        return new BudgetLimits(dailyUsd, monthlyUsd, dailyTokens, monthlyTokens, perMinute);
    }

    /** The plain form {@link #fromPlain} reads: the fields that are set. */
    public Map<String, Object> toPlain() {
        Map<String, Object> out = new LinkedHashMap<>();
        for (String f : FIELDS) {
            if (get(f) != null) {
                out.put(f, get(f));
            }
        }
        return out;
    }
}
