package dev.llmproxy.domain.breaker;

import java.util.List;

public interface BreakerTransitionRepository {

    void save(BreakerTransition transition);

    /** Newest first. */
    List<BreakerTransition> recent(int limit);
}
