package dev.llmproxy.application.access;

import dev.llmproxy.domain.limits.RefusalMemory;
import dev.llmproxy.domain.log.CallerRecord;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;
import java.util.List;

/**
 * This instance's memory of full rate-limit windows ({@link RefusalMemory}): the door refuses from it without asking
 * the store, and the request log takes the runs of such refusals, one record each, once they are over.
 */
@ApplicationScoped
public class RefusalRuns {

    /** What the first refusal of a run said of itself: its request id and its caller. */
    public record First(String requestId, CallerRecord caller) {
    }

    private final RefusalMemory<First> memory = new RefusalMemory<>();

    RefusalMemory<First> memory() {
        return memory;
    }

    /** The runs over by now, each handed out once. */
    public List<RefusalMemory.Run<First>> ended(Instant now) {
        return memory.ended(now);
    }

    /** Every run, over or not: the instance is stopping. */
    public List<RefusalMemory.Run<First>> all() {
        return memory.all();
    }
}
