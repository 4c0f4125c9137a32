package dev.llmproxy.infrastructure.sharing;

import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import java.util.logging.Logger;

/**
 * Which of the shared store and the per-instance fallback is answering. A switch either way is logged once, so
 * operators know when decisions are per instance; decisions made in memory are counted.
 */
final class StoreSwitch {

    private final Logger log;
    private volatile boolean usingShared = true;
    private final AtomicLong fallbacks = new AtomicLong();

    StoreSwitch(Logger log) {
        this.log = log;
    }

    /** The shared store answered: back on it if it was not. */
    void answered(Supplier<String> back) {
        if (!usingShared) {
            synchronized (this) {
                if (!usingShared) {
                    usingShared = true;
                    log.warning(back.get());
                }
            }
        }
    }

    /** The shared store failed: this decision, and those until it answers, are made in memory. */
    void failed(Supplier<String> away) {
        fallbacks.incrementAndGet();
        if (usingShared) {
            synchronized (this) {
                if (usingShared) {
                    usingShared = false;
                    log.warning(away.get());
                }
            }
        }
    }

    boolean usingShared() {
        return usingShared;
    }

    /** Decisions made in memory because the shared store failed, since start. */
    long fallbacks() {
        return fallbacks.get();
    }
}
