package dev.llmproxy.infrastructure.spend;

import java.util.UUID;

/**
 * Who holds a reservation: an instance (its heartbeat name) in one run of it. A run that is gone (its instance no
 * longer beats, or beats again as a new run) holds nothing any more.
 */
public record Holder(String instanceId, String life) {

    /** This run of the instance. */
    public static Holder newLife(String instanceId) {
        return new Holder(instanceId, UUID.randomUUID().toString());
    }
}
