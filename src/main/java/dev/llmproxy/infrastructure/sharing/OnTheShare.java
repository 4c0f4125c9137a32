package dev.llmproxy.infrastructure.sharing;

import jakarta.inject.Inject;
import org.eclipse.microprofile.faulttolerance.ExecutionContext;
import org.eclipse.microprofile.faulttolerance.FallbackHandler;

/**
 * When a shared store cannot answer: the decision is made on this instance's share, and that store's switch noted. A
 * store that did answer, only too late, has counted the request already: its answer stands.
 */
public class OnTheShare implements FallbackHandler<Object> {

    @Inject
    SharedStore store;

    @Override
    public Object handle(ExecutionContext context) {
        Object[] p = context.getParameters();
        SharedDecision<?> decision = (SharedDecision<?>) p[1];
        if (!(decision instanceof OnceDecided<?> once && once.answered())) {
            store.failed((Backend) p[0], context.getFailure());
        }
        return decision.onShare();
    }
}
