package dev.llmproxy.application.access;

import dev.llmproxy.domain.limits.Bucket;
import dev.llmproxy.domain.limits.Decision;

import java.util.List;

/** The rate limiter as the access check sees it: the shared store, or the per-instance fallback when it is down. */
public interface Limiter {

    /** @param shared whether the decision came from the store every instance shares */
    record Limited(Decision decision, boolean shared) {
    }

    Limited take(List<Bucket> buckets);

    /** Whether decisions currently come from the shared store. */
    boolean shared();
}
