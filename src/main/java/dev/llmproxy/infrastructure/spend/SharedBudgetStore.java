package dev.llmproxy.infrastructure.spend;

import dev.llmproxy.domain.spend.BudgetStore;

import java.util.List;
import java.util.function.Predicate;

/**
 * A budget store every instance shares (the database, or Redis): settled in batches off the request path, and
 * releasing what runs that are gone still hold.
 */
public interface SharedBudgetStore extends BudgetStore {

    /** Many settlements at once: each releases what it reserved here and adds what it cost. */
    void settle(List<Settlement> settlements);

    /**
     * Releases what runs that are gone still held: another instance's that {@code alive} says no longer beats, or an
     * earlier run of this instance. @return the runs released
     */
    List<Holder> releaseGone(Predicate<String> alive);
}
