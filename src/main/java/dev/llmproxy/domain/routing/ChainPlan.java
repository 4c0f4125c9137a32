package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.config.Settings;
import dev.llmproxy.domain.spend.OutputAllowance;
import dev.llmproxy.domain.streaming.ClientStream;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Everything one chain run needs; the settings are the snapshot in force when the request arrived.
 *
 * @param stream       where a streamed answer goes, or null for a request answered in one piece
 * @param promptTokens the prompt estimate: what a broken stream is billed beside what it produced, when the provider
 *                     reported no usage
 * @param hedged       whether a slow candidate has the next one started beside it ({@link HedgeRace})
 * @param output       the most output a call may be billed for: what a call whose answer is lost is billed
 * @param ownTime      where the run says when something else holds the request (its calls and chosen waits)
 * @param onRefusal    the models a content refusal goes to (the tier's), in order; empty: a refusal stops the run
 */
public record ChainPlan(String requestId, List<Candidate> candidates, ChatPayload payload, Settings settings,
                        ClientStream stream, long promptTokens, RunTrace trace, boolean hedged,
                        OutputAllowance output, OwnTime ownTime, List<Candidate> onRefusal) {

    public ChainPlan(String requestId, List<Candidate> candidates, ChatPayload payload, Settings settings,
                     ClientStream stream, long promptTokens, RunTrace trace, boolean hedged,
                     OutputAllowance output, OwnTime ownTime) {
        this(requestId, candidates, payload, settings, stream, promptTokens, trace, hedged, output, ownTime, List.of());
    }

    public ChainPlan(String requestId, List<Candidate> candidates, ChatPayload payload, Settings settings,
                     ClientStream stream, long promptTokens, RunTrace trace, boolean hedged,
                     OutputAllowance output) {
        this(requestId, candidates, payload, settings, stream, promptTokens, trace, hedged, output, OwnTime.UNTIMED);
    }

    public ChainPlan(String requestId, List<Candidate> candidates, ChatPayload payload, Settings settings,
                     ClientStream stream, long promptTokens, RunTrace trace, boolean hedged) {
        this(requestId, candidates, payload, settings, stream, promptTokens, trace, hedged, OutputAllowance.UNKNOWN);
    }

    public ChainPlan(String requestId, List<Candidate> candidates, ChatPayload payload, Settings settings,
                     ClientStream stream, long promptTokens, RunTrace trace) {
        this(requestId, candidates, payload, settings, stream, promptTokens, trace, false);
    }

    public ChainPlan(String requestId, List<Candidate> candidates, ChatPayload payload, Settings settings,
                     ClientStream stream, long promptTokens) {
        this(requestId, candidates, payload, settings, stream, promptTokens, RunTrace.NONE);
    }

    public ChainPlan(String requestId, List<Candidate> candidates, ChatPayload payload, Settings settings) {
        this(requestId, candidates, payload, settings, null, 0);
    }

    public ChainPlan(String requestId, List<Candidate> candidates, ChatPayload payload, Settings settings,
                     ClientStream stream) {
        this(requestId, candidates, payload, settings, stream, 0);
    }

    /** The same plan with its candidates in another order. */
    ChainPlan withCandidates(List<Candidate> ordered) {
        return new ChainPlan(requestId, ordered, payload, settings, stream, promptTokens, trace, hedged, output,
                ownTime, onRefusal);
    }

    /** The plan that goes on after a content refusal: the refusal's models in order, none after them. */
    ChainPlan afterRefusal() {
        return new ChainPlan(requestId, onRefusal, payload, settings, stream, promptTokens, trace, false, output,
                ownTime, List.of());
    }

    public ChainPlan {
        candidates = List.copyOf(candidates);
        trace = trace == null ? RunTrace.NONE : trace;
        output = output == null ? OutputAllowance.UNKNOWN : output;
        ownTime = ownTime == null ? OwnTime.UNTIMED : ownTime;
        onRefusal = onRefusal == null ? List.of() : List.copyOf(onRefusal);
        if (candidates.isEmpty()) {
            throw new IllegalArgumentException("candidates must not be empty");
        }
    }

    /** Whether some candidate after the one at {@code index} passes {@code callable} (by model name). */
    boolean anyAfter(int index, Predicate<String> callable) {
        for (int i = index + 1; i < candidates.size(); i++) {
            if (callable.test(candidates.get(i).model().name())) {
                return true;
            }
        }
        return false;
    }

    /** The shortest of the candidates' waits (by model name), or null if none is waiting. */
    Duration soonest(Function<String, Optional<Duration>> wait) {
        Duration soonest = null;
        for (Candidate c : candidates) {
            Optional<Duration> left = wait.apply(c.model().name());
            if (left.isPresent() && (soonest == null || left.get().compareTo(soonest) < 0)) {
                soonest = left.get();
            }
        }
        return soonest;
    }
}
