package dev.llmproxy.domain.config;

import java.util.List;
import java.util.Objects;

/** A named quality level that callers ask for; its chain is tried in order. */
public record Tier(String name, String description, List<String> chain) {
    public Tier {
        Objects.requireNonNull(name, "name");
        chain = List.copyOf(chain);
    }
}
