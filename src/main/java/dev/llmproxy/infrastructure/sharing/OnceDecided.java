package dev.llmproxy.infrastructure.sharing;

import java.util.concurrent.atomic.AtomicReference;

/**
 * A decision the guard may give up on while the shared store is still deciding: whichever side finishes first decides.
 * A store that answered after the time limit, before the fallback decided on the share, has counted the request: its
 * answer stands. One that answers after the share decided is undone, so the request is not counted twice.
 */
final class OnceDecided<T> implements SharedDecision<T> {

    private static final Object ON_SHARE = new Object();

    private final SharedDecision<T> decision;
    /** Nothing yet, the shared store's answer (boxed: it may be any object), or {@link #ON_SHARE}. */
    private final AtomicReference<Object> outcome = new AtomicReference<>();

    OnceDecided(SharedDecision<T> decision) {
        this.decision = decision;
    }

    @Override
    public T shared() {
        T made = decision.shared();
        if (!outcome.compareAndSet(null, new Answer<>(made))) {
            decision.undo(made);
        }
        return made;
    }

    /** Whether the shared store answered, in time or not. */
    boolean answered() {
        return outcome.get() instanceof Answer<?>;
    }

    @Override
    @SuppressWarnings("unchecked")
    public T onShare() {
        if (outcome.compareAndSet(null, ON_SHARE)) {
            return decision.onShare();
        }
        Object o = outcome.get();
        return o instanceof Answer<?> a ? (T) a.made() : decision.onShare();
    }

    private record Answer<T>(T made) {
    }
}
