package dev.llmproxy.infrastructure.sharing;

/** Where shared counters live: each has its own guard circuit and its own switch, since each fails on its own. */
public enum Backend {
    /** The proxy's database: budgets and failed sign-ins always, rate limits unless Redis holds them. */
    DATABASE("the database"),
    /** Redis or Valkey ({@code PROXY_REDIS_URL}): rate limits. */
    REDIS("Redis");

    private final String label;

    Backend(String label) {
        this.label = label;
    }

    @Override
    public String toString() {
        return label;
    }
}
