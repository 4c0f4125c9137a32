package dev.llmproxy.infrastructure.sharing;

import jakarta.inject.Inject;
import org.eclipse.microprofile.faulttolerance.ExecutionContext;
import org.eclipse.microprofile.faulttolerance.FallbackHandler;

/** When a shared store cannot answer: the decision is made on this instance's share, and that store's switch noted. */
public class OnTheShare implements FallbackHandler<Object> {

    @Inject
    SharedStore store;

    @Override
    public Object handle(ExecutionContext context) {
        Object[] p = context.getParameters();
        store.failed((Backend) p[0], context.getFailure());
        return ((SharedDecision<?>) p[1]).onShare();
    }
}
