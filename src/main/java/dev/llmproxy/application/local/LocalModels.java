package dev.llmproxy.application.local;

import dev.llmproxy.domain.catalog.AllowedModel;

import java.time.Instant;
import java.util.Set;

/**
 * The local model server of development (Ollama): whether requests go to the allowlist's local stand-ins now, and
 * what the server said when it was last asked.
 */
public interface LocalModels {

    /**
     * What is known of the local server.
     *
     * @param development whether this deployment may route to stand-ins at all (production never does)
     * @param up          whether the server answered at the last check
     * @param version     the version it reported, or null
     * @param present     the models it holds (its own names, such as {@code llama3.2:latest})
     * @param checkedAt   when it was last asked, or null before the first check
     */
    record Status(boolean development, String url, boolean up, String version, Set<String> present, Instant checkedAt) {
        public Status {
            present = Set.copyOf(present);
        }

        /** Whether the server holds that model, by its name with or without a tag ({@code llama3.2} = {@code :latest}). */
        public boolean holds(String model) {
            return present.contains(model) || (!model.contains(":") && present.contains(model + ":latest"));
        }
    }

    /** Development, and the local server answered at its last check. */
    default boolean routeToStandIns() {
        Status s = status();
        return s.development() && s.up();
    }

    /** Whether that stand-in may serve now: requests go to stand-ins, and the local server holds it. */
    default boolean ready(AllowedModel standIn) {
        Status s = status();
        return s.development() && s.up() && s.holds(standIn.upstreamModel());
    }

    Status status();
}
