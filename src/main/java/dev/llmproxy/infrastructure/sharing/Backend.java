package dev.llmproxy.infrastructure.sharing;

/** Where shared counters live: each has its own guard circuit and its own switch, since each fails on its own. */
public enum Backend {
    /** The proxy's database: budgets' totals always; rate limits, reservations and failed sign-ins without Redis. */
    DATABASE("the database", "rate limits, budget reservations, failed sign-ins and kept answers"),
    /** Redis or Valkey ({@code PROXY_REDIS_URL}): rate limits, budget reservations and failed sign-ins. */
    REDIS("Redis", "rate limits, budget reservations, failed sign-ins and kept answers");

    private final String label;
    private final String holds;

    Backend(String label, String holds) {
        this.label = label;
        this.holds = holds;
    }

    /** The counters kept there, as an operator reads them in the log. */
    public String holds() {
        return holds;
    }

    @Override
    public String toString() {
        return label;
    }
}
