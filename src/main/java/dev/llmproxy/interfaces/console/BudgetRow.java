package dev.llmproxy.interfaces.console;

import dev.llmproxy.application.spend.BudgetLine;
import dev.llmproxy.domain.spend.Budget;
import dev.llmproxy.domain.spend.Charge;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;

/**
 * A budget as the console shows it: limit, used, reserved and share used, in its units, and its alert level
 * ({@code ok}, {@code warn} at 80 %, {@code full} at 100 %). Pure: unit-tested.
 */
public record BudgetRow(String name, String limit, String used, String reserved, String percent, String resets,
                        String level) {

    static List<BudgetRow> of(List<BudgetLine> lines) {
        return lines.stream().map(BudgetRow::of).toList();
    }

    static BudgetRow of(BudgetLine l) {
        Budget b = l.budget();
        BigDecimal ratio = l.usedRatio();
        String level = ratio.compareTo(BudgetLine.FULL) >= 0 ? "full" : ratio.compareTo(BudgetLine.WARN) >= 0 ? "warn"
                : "ok";
        return new BudgetRow(b.name(), amounts(b.maxUsd(), b.maxTokens()), charge(b, l.use().used()),
                charge(b, l.use().reserved()), ratio.movePointRight(2).setScale(1, RoundingMode.DOWN) + " %",
                l.resetsAt().toString(), level);
    }

    private static String charge(Budget b, Charge c) {
        return amounts(b.maxUsd() == null ? null : c.usd(), b.maxTokens() == null ? null : c.tokens());
    }

    private static String amounts(BigDecimal usd, Long tokens) {
        String dollars = usd == null ? null : SpendTable.dollars(usd);
        String count = tokens == null ? null : String.format(java.util.Locale.ROOT, "%,d tokens", tokens);
        return dollars == null ? count : count == null ? dollars : dollars + " / " + count;
    }
}
