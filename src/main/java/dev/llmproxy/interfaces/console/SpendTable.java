package dev.llmproxy.interfaces.console;

import dev.llmproxy.domain.log.RequestLogRepository;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The dashboard's spend: today and this month (UTC), in all and by model, tier and API key. Pure: unit-tested. */
public record SpendTable(String today, String month, List<Row> byModel, List<Row> byTier, List<Row> byKey) {

    /** One spender: what it cost today and this month, as dollars for display. */
    public record Row(String name, String today, String month) {
    }

    /** A breakdown with its caption, for the page to show those that have rows. */
    public record Section(String caption, List<Row> rows) {
    }

    public List<Section> sections() {
        return List.of(new Section("By model", byModel), new Section("By tier", byTier),
                new Section("By API key", byKey));
    }

    static SpendTable of(RequestLogRepository.Spend today, RequestLogRepository.Spend month) {
        return new SpendTable(dollars(today.total()), dollars(month.total()), rows(today.byModel(), month.byModel()),
                rows(today.byTier(), month.byTier()), rows(today.byKey(), month.byKey()));
    }

    /** Every spender of the month (today's are among them), the month's largest first. */
    private static List<Row> rows(Map<String, BigDecimal> today, Map<String, BigDecimal> month) {
        Set<String> names = new LinkedHashSet<>(month.keySet());
        names.addAll(today.keySet());
        List<Row> rows = new ArrayList<>();
        for (String name : names) {
            rows.add(new Row(name, dollars(today.getOrDefault(name, BigDecimal.ZERO)),
                    dollars(month.getOrDefault(name, BigDecimal.ZERO))));
        }
        return rows;
    }

    /** Dollars to the cent, or to four significant digits under a cent (so small spend still shows). */
    static String dollars(BigDecimal usd) {
        if (usd.signum() == 0) {
            return "$0";
        }
        if (usd.abs().compareTo(new BigDecimal("0.01")) >= 0) {
            return "$" + usd.setScale(2, java.math.RoundingMode.HALF_UP).toPlainString();
        }
        return "$" + usd.round(new java.math.MathContext(4)).stripTrailingZeros().toPlainString();
    }
}
