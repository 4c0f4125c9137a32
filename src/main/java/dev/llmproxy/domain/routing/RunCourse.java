package dev.llmproxy.domain.routing;

/**
 * Where one run is heading, as it learns on the way: its plan, which a content refusal may turn to the tier's models
 * for refusals ({@link RefusalTurn}), and the largest context window known to be too small for the prompt
 * ({@link ContextWindowGate}). Shared by the run and its racers.
 */
final class RunCourse {

    private ChainPlan plan;
    private boolean refused;
    private int promptExceeded;

    RunCourse(ChainPlan plan) {
        this.plan = plan;
    }

    synchronized ChainPlan plan() {
        return plan;
    }

    /**
     * The chain's turns end: the run goes on with the tier's models for refusals, if it has any and has not turned to
     * them already.
     *
     * @return whether it did
     */
    synchronized boolean toRefusalModels() {
        if (refused || plan.onRefusal().isEmpty()) {
            return false;
        }
        plan = plan.afterRefusal();
        refused = true;
        return true;
    }

    /** Whether the run turned to the tier's models for refusals. */
    synchronized boolean refused() {
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
