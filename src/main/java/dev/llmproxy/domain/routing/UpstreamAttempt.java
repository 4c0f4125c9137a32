package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.failure.FailureKind;
import dev.llmproxy.domain.failure.Verdict;
import dev.llmproxy.domain.latency.ModelLatencies;
import dev.llmproxy.domain.streaming.StreamLimits;
import dev.llmproxy.domain.streaming.UpstreamEvents;
import dev.llmproxy.domain.upstream.RequestBody;
import dev.llmproxy.domain.upstream.UpstreamCall;
import dev.llmproxy.domain.upstream.UpstreamPort;
import dev.llmproxy.domain.upstream.UpstreamReply;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;

/**
 * The call at the bottom of the stack: sends the attempt (for a stream, with the splice's observer and the stream's
 * limits), classifies the reply by the outcome table and records it in the attempt log.
 */
final class UpstreamAttempt implements ModelStep {

    private final UpstreamPort upstream;
    private final Clock clock;
    private final ModelLatencies latencies;
    private final ProviderQuotas quotas;

    UpstreamAttempt(UpstreamPort upstream, Clock clock, ModelLatencies latencies, ProviderQuotas quotas) {
        this.upstream = upstream;
        this.clock = clock;
        this.latencies = latencies;
        this.quotas = quotas;
    }

    @Override
    public CompletableFuture<ModelResult> run(ModelTry attempt) {
        CallMeter meter = new CallMeter(attempt);
        Instant started = attempt.run().log().calling(attempt, meter::lost);
        AttemptLatency latency = attempt.continuation() ? null
                : new AttemptLatency(latencies, clock, attempt.model(), started);
        CompletableFuture<UpstreamReply> call;
        try {
            String model = attempt.model();
            call = upstream.send(callFor(attempt, latency).tracedAs(attempt.run().log().traceparent(attempt.run()))
                    .watchingQuota(reading -> quotas.heard(model, reading)));
        } catch (RuntimeException e) {
            call = CompletableFuture.failedFuture(e);
        }
        return attempt.run().track(call).handle((reply, error) -> answered(attempt, meter, latency, started, reply,
                error));
    }

    private ModelResult answered(ModelTry attempt, CallMeter meter, AttemptLatency latency, Instant started,
                                 UpstreamReply reply, Throwable error) {
        if (attempt.run().done()) {
            return ModelResult.HALTED;
        }
        if (error != null) {
            // A defect in a port must end as a failed attempt, never as a request that hangs.
            reply = new UpstreamReply.Failed(FailureKind.CONNECT, "client error: " + error);
        }
        Verdict verdict = OutcomeClassifier.classify(reply, attempt.settings().outcomes());
        String reason = ChainMessages.reasonFor(reply, attempt.timeout());
        AttemptBill bill = meter.of(reply);
        Duration took = Duration.between(started, clock.instant());
        if (latency != null) {
            latency.ended(verdict.outcome(), attempt.run().splice() != null, took);
        }
        if (!attempt.run().log().answered(attempt.run(), new AttemptRecord(attempt.model(), verdict.outcome(),
                ChainMessages.statusOf(reply), took, reason, bill.tokens(), bill.costUsd()))) {
            return ModelResult.HALTED; // outrun meanwhile: recorded as such
        }
        return new ModelResult.Answered(reply, verdict, reason);
    }

    /** @param latency measures the attempt's first event, or null (a continuation) */
    private static UpstreamCall callFor(ModelTry attempt, AttemptLatency latency) {
        ChainPlan plan = attempt.run().plan();
        Candidate candidate = attempt.candidate();
        StreamSplice splice = attempt.run().splice();
        RequestBody body = attempt.continuation()
                ? plan.payload().continuationFor(candidate.model(), splice.partialAnswer())
                : plan.payload().bodyFor(candidate.model());
        if (splice == null) {
            return new UpstreamCall(plan.requestId(), candidate.provider(), candidate.model(), body, attempt.timeout(),
                    null, null, attempt.moreRoom(), null, null);
        }
        Duration firstToken = min(plan.settings().streaming().firstToken(), attempt.timeout());
        UpstreamEvents observer = attempt.run().observerFor(candidate, attempt.fallback());
        return new UpstreamCall(plan.requestId(), candidate.provider(), candidate.model(), body, attempt.timeout(),
                latency == null ? observer : latency.around(observer),
                new StreamLimits(firstToken, plan.settings().streaming().idle()), attempt.moreRoom(), null, null);
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }
}
