package dev.llmproxy.domain.spend;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;

/**
 * The span a budget counts over: a UTC calendar day or month, or a minute of the clock (a key's token rate; a fixed
 * window, so up to twice the rate can pass across a minute's boundary).
 */
public enum BudgetPeriod {
    MINUTE("tokensPerMinute"),
    DAY("daily"),
    MONTH("monthly");

    private final String label;

    BudgetPeriod(String label) {
        this.label = label;
    }

    /** How budget names end for it: {@code daily}, {@code monthly} or {@code tokensPerMinute}. */
    public String label() {
        return label;
    }

    /** When the period that holds {@code at} began. */
    public Instant start(Instant at) {
        if (this == MINUTE) {
            return at.truncatedTo(ChronoUnit.MINUTES);
        }
        LocalDate day = LocalDate.ofInstant(at, ZoneOffset.UTC);
        return (this == DAY ? day : day.withDayOfMonth(1)).atStartOfDay(ZoneOffset.UTC).toInstant();
    }

    /** When the period that holds {@code at} ends and the budget is whole again. */
    public Instant end(Instant at) {
        Instant start = start(at);
        return switch (this) {
            case MINUTE -> start.plus(1, ChronoUnit.MINUTES);
            case DAY -> start.plus(1, ChronoUnit.DAYS);
            case MONTH -> LocalDate.ofInstant(start, ZoneOffset.UTC).plusMonths(1).atStartOfDay(ZoneOffset.UTC)
                    .toInstant();
        };
    }

    /** The period holding {@code at} as its row is named: its first day, or its first instant for a minute. */
    public String key(Instant at) {
        Instant start = start(at);
        return this == MINUTE ? start.toString() : LocalDate.ofInstant(start, ZoneOffset.UTC).toString();
    }
}
