package dev.llmproxy.domain.routing;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Each model's calls in flight on this instance, for its concurrency cap: the cap keeps one slow model from holding
 * every worker of this server, so it is counted where the workers are, not across instances.
 */
public final class ModelSlots {

    private final Map<String, Slots> byModel = new ConcurrentHashMap<>();

    public Slots of(String model) {
        return byModel.computeIfAbsent(model, m -> new Slots());
    }

    /** How many calls to {@code model} are in flight now. */
    public int inFlight(String model) {
        Slots slots = byModel.get(model);
        return slots == null ? 0 : slots.taken();
    }
}
