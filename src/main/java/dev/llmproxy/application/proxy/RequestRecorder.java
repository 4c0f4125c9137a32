package dev.llmproxy.application.proxy;

import dev.llmproxy.application.access.Caller;
import dev.llmproxy.application.config.ConfigService;
import dev.llmproxy.application.log.RequestLog;
import dev.llmproxy.application.metrics.ProxyMetrics;
import dev.llmproxy.domain.failure.ErrorKind;
import dev.llmproxy.domain.failure.Outcome;
import dev.llmproxy.domain.failure.ProxyError;
import dev.llmproxy.domain.log.CallerRecord;
import dev.llmproxy.domain.log.FrontDoor;
import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.log.RequestRecord;
import dev.llmproxy.domain.replay.KeptAnswer;
import dev.llmproxy.domain.replay.Reuse;
import dev.llmproxy.domain.routing.AttemptRecord;
import dev.llmproxy.domain.routing.ChainCost;
import dev.llmproxy.domain.routing.ChainResult;
import dev.llmproxy.domain.spend.Cost;
import dev.llmproxy.domain.upstream.TokenUsage;
import jakarta.enterprise.context.ApplicationScoped;
import dev.llmproxy.application.telemetry.RequestTracing;
import jakarta.inject.Inject;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;

/** Writes each request's row to the request log and the metrics, in the same form, however the request ended. */
@ApplicationScoped
public class RequestRecorder {

    /** Logged when the client went away before the answer (nginx's convention). */
    public static final int CLIENT_CLOSED = 499;

    private static final Logger LOG = Logger.getLogger(RequestRecorder.class.getName());

    private final ConfigService configs;
    private final RequestLog requestLog;
    private final ProxyMetrics metrics;
    private final RequestTracing tracing;
    private final Clock clock;
    private final AnswerCodes codes;

    @Inject
    RequestRecorder(ConfigService configs, RequestLog requestLog, ProxyMetrics metrics, RequestTracing tracing,
            Clock clock, AnswerCodes codes) {
        this.configs = configs;
        this.requestLog = requestLog;
        this.metrics = metrics;
        this.tracing = tracing;
        this.clock = clock;
        this.codes = codes;
    }

    /** For the container's client proxy. */
    protected RequestRecorder() {
        this(null, null, null, null, null, null);
    }

    /**
     * A request refused before its chain ran (origin, key, limits, bad JSON, body too large...). A failure to record
     * is logged and never stops the refusal's answer.
     */
    public void refused(String requestId, Instant receivedAt, FrontDoor door, String requestedModel,
                        CallerRecord caller, ProxyError error) {
        log(requestId, () -> refusal(requestId, receivedAt, door, requestedModel, caller, error));
    }

    /** Writes the row {@code row} builds; a failure to build or record it is logged, never thrown. */
    private void log(String requestId, Supplier<RequestRecord> row) {
        try {
            logged(row.get());
        } catch (RuntimeException e) {
            LOG.log(Level.SEVERE, "Could not record request " + requestId + " in the request log", e);
        }
    }

    private RequestRecord refusal(String requestId, Instant receivedAt, FrontDoor door, String requestedModel,
                                  CallerRecord caller, ProxyError error) {
        return RequestRecord.of(requestId, receivedAt).via(door).asked(null, requestedModel)
                .status(codes.status(error.kind()), codes.code(error.kind())).latencyMs(latency(receivedAt))
                .caller(caller, null).build();
    }

    /**
     * A request given the answer kept for its idempotency key: a row of its own naming the request answered, with
     * neither tokens nor cost (they were the original's).
     */
    public void replayed(String requestId, Instant receivedAt, FrontDoor door, String requestedModel,
                         CallerRecord caller, KeptAnswer kept, Reuse reuse) {
        log(requestId, () -> RequestRecord.of(requestId, receivedAt).via(door).asked(null, requestedModel)
                .answeredBy(kept.model(), kept.fallback()).reused(reuse).status(kept.status(), null)
                .latencyMs(latency(receivedAt)).stream(kept.stream(), null).caller(caller, null).build());
    }

    /** The client went away before its request ran (while it waited for the run that held its idempotency key). */
    public void left(String requestId, Instant receivedAt, FrontDoor door, String requestedModel, CallerRecord caller) {
        log(requestId, () -> RequestRecord.of(requestId, receivedAt).via(door).asked(null, requestedModel)
                .status(CLIENT_CLOSED, "client_closed").latencyMs(latency(receivedAt)).caller(caller, null).build());
    }

    /**
     * A refusal that repeats one the store made (a window known to be full): counted in the metrics now; its row is
     * its run's, written once the run is over ({@link RefusalRunRecords}).
     */
    public void refusedAgain(String requestId, Instant receivedAt, FrontDoor door, CallerRecord caller,
                             ProxyError error) {
        try {
            completed(refusal(requestId, receivedAt, door, null, caller, error));
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Could not count request " + requestId + " in the metrics", e);
        }
    }

    /**
     * A request that was routed: answered, failed, or walked away from.
     *
     * @param result    how it ended, or null when the client went away
     * @param abandoned the attempts of a run the client walked away from (when {@code result} is null)
     * @return for an answer that must wait for its row (a success, with requestLogDurability=sync): completes once
     * the row has committed; otherwise null
     */
    CompletableFuture<Void> ran(String requestId, Instant receivedAt, String tier, ChatRequest request, Caller caller,
                                ChainResult result, List<AttemptRecord> abandoned, Long queueWaitMs) {
        RequestRecord.Builder row = RequestRecord.of(requestId, receivedAt).via(request.door())
                .asked(tier, request.model())
                .latencyMs(latency(receivedAt)).queueWaitMs(queueWaitMs)
                .caller(caller.record(), request.promptExcerpt(configs.current().settings().log().promptChars()));
        if (result instanceof ChainResult.Answered a) {
            return finish(answered(row, a.usage()).answeredBy(a.model().name(), a.fallback())
                    .answeredAs(renamed(a.model(), a.answeredModel()))
                    .answeredLocally(configs.current().isStandIn(a.model().name()))
                    .cost(usd(ChainCost.ofEnded(a.attempts())))
                    .finished(a.finish(), a.truncated()).saw429(a.saw429())
                    .stream(request.stream(), a instanceof ChainResult.Streamed s ? s.stats() : null)
                    .attempts(a.attempts()).build());
        } else if (result instanceof ChainResult.Stale st) {
            // every model failed: the row keeps their attempts, and says whose answer was given in place of the error
            ChainCost cost = ChainCost.ofEnded(st.attempts());
            logged(row.status(st.answer().status(), null).answeredBy(st.answer().model(), st.answer().fallback())
                    .reused(new Reuse(Reuse.Kind.STALE, st.answer().requestId())).saw429(st.saw429())
                    .cost(cost == null || cost.billed() ? usd(cost) : BigDecimal.ZERO.setScale(Cost.SCALE))
                    .stream(request.stream(), null).attempts(st.attempts()).build());
        } else if (result instanceof ChainResult.Failure f) {
            ChainCost cost = ChainCost.ofEnded(f.attempts());
            logged(row.status(codes.status(f.error().kind()), codes.code(f.error().kind())).saw429(f.saw429())
                    .cost(cost == null || cost.billed() ? usd(cost) : BigDecimal.ZERO.setScale(Cost.SCALE))
                    .stream(request.stream(), request.stream() ? f.stats() : null).attempts(f.attempts()).build());
        } else {
            // Cancelled: the client went away. What was relayed is not known here.
            boolean saw429 = abandoned.stream().anyMatch(a -> a.outcome() == Outcome.RATE_LIMITED
                    || a.outcome() == Outcome.SKIPPED_COOLDOWN);
            logged(row.status(CLIENT_CLOSED, "client_closed").saw429(saw429).stream(request.stream(), null)
                    .cost(usd(ChainCost.ofLeft(abandoned))).attempts(abandoned).build());
        }
        return null; // a failure, or a client gone: no answer the log must vouch for first
    }

    /** A request's cost for its row: null when not known. */
    private static BigDecimal usd(ChainCost cost) {
        return cost == null ? null : cost.usd();
    }

    /** The upstream's name for the model that answered, when it is not the one asked for (a router's pick). */
    private static String renamed(AllowedModel asked, String reported) {
        return reported == null || reported.equals(asked.upstreamModel()) ? null : reported;
    }

    private static RequestRecord.Builder answered(RequestRecord.Builder row, TokenUsage u) {
        return row.status(200, null).usage(u.promptTokens(), u.completionTokens(), u.totalTokens());
    }

    private void logged(RequestRecord record) {
        completed(record);
        requestLog.submit(record);
    }

    /** Like {@link #logged}; with {@code requestLogDurability=sync} it tells when the row has committed (else null). */
    private CompletableFuture<Void> finish(RequestRecord record) {
        if (!configs.current().settings().log().sync()) {
            logged(record);
            return null;
        }
        completed(record);
        return requestLog.submitAwaiting(record);
    }

    /** The request is over: counted, and its trace closed. */
    private void completed(RequestRecord record) {
        metrics.requestCompleted(record);
        tracing.ended(record);
    }

    private long latency(Instant receivedAt) {
        return Duration.between(receivedAt, clock.instant()).toMillis();
    }
}
