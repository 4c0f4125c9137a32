package dev.llmproxy.domain.config;

import java.util.List;
import java.util.Objects;

/**
 * A named quality level that callers ask for; its chain is tried in order.
 *
 * @param hedged whether a model slow to answer has the next one started beside it, the first answer winning
 */
public record Tier(String name, String description, List<String> chain, boolean hedged) {
    public Tier {
        Objects.requireNonNull(name, "name");
        chain = List.copyOf(chain);
    }

    public Tier(String name, String description, List<String> chain) {
        this(name, description, chain, false);
    }
}
