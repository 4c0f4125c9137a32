package dev.llmproxy.domain.config;

import java.util.List;
import java.util.Objects;

/**
 * A named quality level that callers ask for; its chain is tried in order.
 *
 * @param hedged    whether a model slow to answer has the next one started beside it, the first answer winning
 * @param onRefusal the models (or deployment groups) a content refusal goes to, in order; empty: a refusal stops
 * @param reuse     whether and for how long its deterministic answers are given again
 */
public record Tier(String name, String description, List<String> chain, boolean hedged, List<String> onRefusal,
                   AnswerReuse reuse) {
    public Tier {
        Objects.requireNonNull(name, "name");
        chain = List.copyOf(chain);
        onRefusal = onRefusal == null ? List.of() : List.copyOf(onRefusal);
        reuse = reuse == null ? AnswerReuse.NONE : reuse;
    }

    public Tier(String name, String description, List<String> chain, boolean hedged, List<String> onRefusal) {
        this(name, description, chain, hedged, onRefusal, AnswerReuse.NONE);
    }

    /** This tier with its answers given again as {@code reuse} says. */
    public Tier reusing(AnswerReuse reuse) {
        return new Tier(name, description, chain, hedged, onRefusal, reuse);
    }

    public Tier(String name, String description, List<String> chain, boolean hedged) {
        this(name, description, chain, hedged, List.of());
    }

    public Tier(String name, String description, List<String> chain) {
        this(name, description, chain, false);
    }
}
