package dev.llmproxy.infrastructure.limits;

import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import java.util.logging.Logger;

/**
 * Which of a shared store and its per-instance fallback is answering (the rate limits', the budgets'). A switch either
 * way is logged once, so operators know when decisions are per instance; decisions made in memory are counted.
 */
public final class StoreSwitch {

    private final Logger log;
    private volatile boolean usingShared = true;
    private volatile Instant since;
    private final AtomicLong fallbacks = new AtomicLong();

    public StoreSwitch(Logger log, Instant now) {
        this.log = log;
        this.since = now;
    }

    /** The shared store answered: back on it if it was not. */
    public void answered(Instant now, Supplier<String> back) {
        if (!usingShared) {
            synchronized (this) {
                if (!usingShared) {
                    usingShared = true;
                    since = now;
                    log.warning(back.get());
                }
            }
        }
    }

    /** The shared store failed: this decision, and those until it answers, are made in memory. */
    public void failed(Instant now, Supplier<String> away) {
        fallbacks.incrementAndGet();
        if (usingShared) {
            synchronized (this) {
                if (usingShared) {
                    usingShared = false;
                    since = now;
                    log.warning(away.get());
                }
            }
        }
    }

    public boolean usingShared() {
        return usingShared;
    }

    /** When the store last switched. */
    public Instant since() {
        return since;
    }

    /** Decisions made in memory because the shared store failed, since start. */
    public long fallbacks() {
        return fallbacks.get();
    }
}
