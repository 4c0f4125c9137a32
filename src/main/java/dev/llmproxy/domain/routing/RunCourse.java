package dev.llmproxy.domain.routing;

/**
 * Where one run is heading, as it learns on the way: its plan, which a content refusal may turn to the tier's models
 * for refusals ({@link RefusalTurn}), and the largest context window known to be too small for the prompt
 * ({@link ContextWindowGate}). Shared by the run and its racers.
 */
final class RunCourse {

    /** Read on every step of the run: volatile, changed only under this object's lock. */
    private volatile ChainPlan plan;
    private volatile boolean refused;
    private int promptExceeded;

    RunCourse(ChainPlan plan) {
        this.plan = plan;
    }

    ChainPlan plan() {
        return plan;
    }

    /**
     * The chain's turns end: the run goes on with the tier's models for refusals, if it has any and has not turned to
     * them already.
     *
     * @return whether it did
     */
    synchronized boolean toRefusalModels() {
        if (plan.onRefusal().isEmpty()) { // none, or turned to already: their plan names no more
            return false;
        }
        plan = plan.afterRefusal();
        refused = true;
        return true;
    }

    /** Whether the run turned to the tier's models for refusals. */
    boolean refused() {
        return refused;
    }

    /** A model whose context window is {@code window} tokens found the prompt too long. */
    synchronized void promptExceeds(int window) {
        promptExceeded = Math.max(promptExceeded, window);
    }

    /** The largest context window known to be too small for the prompt; 0 while none is. */
    synchronized int promptExceeded() {
        return promptExceeded;
    }
}
