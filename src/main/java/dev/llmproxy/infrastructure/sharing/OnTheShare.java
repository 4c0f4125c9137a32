package dev.llmproxy.infrastructure.sharing;

import jakarta.inject.Inject;
import org.eclipse.microprofile.faulttolerance.ExecutionContext;
import org.eclipse.microprofile.faulttolerance.FallbackHandler;

/** When the shared store cannot answer: the decision is made on this instance's share, and the switch is noted. */
public class OnTheShare implements FallbackHandler<Object> {

    @Inject
    SharedStore store;

    @Override
    public Object handle(ExecutionContext context) {
        store.failed(context.getFailure());
        return ((SharedDecision<?>) context.getParameters()[0]).onShare();
    }
}
