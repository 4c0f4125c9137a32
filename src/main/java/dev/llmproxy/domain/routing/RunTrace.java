package dev.llmproxy.domain.routing;

/**
 * Where a run tells, as it happens, what it does: each call it makes (and how it ended) and each model it passed
 * over. A tracing system listens here; without one, {@link #NONE} costs nothing.
 */
public interface RunTrace {

    RunTrace NONE = new RunTrace() {
        @Override
        public AttemptTrace calling(AttemptStart start) {
            return AttemptTrace.NONE;
        }

        @Override
        public void skipped(AttemptRecord attempt) {
        }
    };

    /** A call is about to be made. */
    AttemptTrace calling(AttemptStart start);

    /** A model was passed over without a call (its breaker open, cooling down after a 429). */
    void skipped(AttemptRecord attempt);

    /** Why this call is made. */
    enum Role {
        /** the chain's first call */
        FIRST,
        /** the same model again, after a failure worth retrying */
        RETRY,
        /** the next model of the chain */
        FALLBACK,
        /** another model goes on with a streamed answer that broke off */
        CONTINUATION
    }

    /** One call as it starts: the allowlisted model, its provider (name and kind), its place in the chain, why. */
    record AttemptStart(String model, String upstreamModel, String provider, String providerKind, int index,
                        Role role) {
    }

    /** One call being made. */
    interface AttemptTrace {
        AttemptTrace NONE = new AttemptTrace() {
            @Override
            public String traceparent() {
                return null;
            }

            @Override
            public void answered(AttemptRecord attempt) {
            }
        };

        /** The W3C {@code traceparent} naming this call, passed to the provider; null when not traced. */
        String traceparent();

        /** How the call ended (as the request log has it). */
        void answered(AttemptRecord attempt);
    }
}
