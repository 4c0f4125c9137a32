package dev.llmproxy.domain.spend;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Objects;

/**
 * An amount counted against budgets: US dollars (exact, {@link Cost#SCALE} decimals) and tokens. A reservation is
 * a charge; so is what a request settles to.
 */
public record Charge(BigDecimal usd, long tokens) {

    public static final Charge ZERO = new Charge(BigDecimal.ZERO, 0);

    public Charge {
        Objects.requireNonNull(usd, "usd");
        if (usd.signum() < 0 || tokens < 0) {
            throw new IllegalArgumentException("a charge is never negative (" + usd + " USD, " + tokens + " tokens)");
        }
        usd = usd.setScale(Cost.SCALE, RoundingMode.UP);
    }

    public Charge plus(Charge other) {
        return new Charge(usd.add(other.usd), tokens + other.tokens);
    }

    /** This charge less another, never below zero. */
    public Charge minus(Charge other) {
        return new Charge(usd.subtract(other.usd).max(BigDecimal.ZERO), Math.max(0, tokens - other.tokens));
    }

    public boolean isZero() {
        return usd.signum() == 0 && tokens == 0;
    }
}
