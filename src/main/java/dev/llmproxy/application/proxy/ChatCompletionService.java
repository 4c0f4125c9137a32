package dev.llmproxy.application.proxy;

import dev.llmproxy.application.access.Caller;
import dev.llmproxy.application.config.ConfigService;
import dev.llmproxy.application.log.RequestLog;
import dev.llmproxy.application.metrics.ProxyMetrics;
import dev.llmproxy.domain.admission.Admission;
import dev.llmproxy.domain.config.RuntimeConfig;
import dev.llmproxy.domain.failure.ErrorKind;
import dev.llmproxy.domain.failure.Outcome;
import dev.llmproxy.domain.failure.ProxyError;
import dev.llmproxy.domain.failure.ProxyException;
import dev.llmproxy.domain.log.CallerRecord;
import dev.llmproxy.domain.log.RequestRecord;
import dev.llmproxy.domain.routing.AttemptRecord;
import dev.llmproxy.domain.routing.ChainExecutor;
import dev.llmproxy.domain.routing.ChainPlan;
import dev.llmproxy.domain.routing.ChainResult;
import dev.llmproxy.domain.routing.RouteResolver;
import dev.llmproxy.domain.routing.RunningChain;
import dev.llmproxy.domain.routing.Sleeper;
import dev.llmproxy.domain.streaming.StreamSink;
import dev.llmproxy.domain.upstream.TokenUsage;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicReference;

/** The proxy's use case: resolve the route, run the chain, record the request. */
@ApplicationScoped
public class ChatCompletionService {

    /** Logged when the client went away before the answer (nginx's convention). */
    public static final int CLIENT_CLOSED = 499;

    @Inject
    ConfigService configs;
    @Inject
    ChainExecutor executor;
    @Inject
    Admission admission;
    @Inject
    RequestLog requestLog;
    @Inject
    ProxyMetrics metrics;
    @Inject
    Clock clock;
    @Inject
    Sleeper sleeper;
    @Inject
    AnswerCodes codes;

    public CompletableFuture<ChainResult> complete(String requestId, Instant receivedAt, ChatRequest request,
                                                   Caller caller) {
        return complete(requestId, receivedAt, request, caller, null);
    }

    /**
     * @param caller who is calling (already let in by the access check)
     * @param sink   where a streamed answer goes (null when the request does not stream)
     */
    public CompletableFuture<ChainResult> complete(String requestId, Instant receivedAt, ChatRequest request,
                                                   Caller caller, StreamSink sink) {
        RuntimeConfig config = configs.current();
        RouteResolver.Route route;
        try {
            route = RouteResolver.resolve(config, request.model());
            if (!caller.mayUse(route.tier())) {
                throw new ProxyException(ProxyError.of(ErrorKind.NOT_PERMITTED, route.tier() == null
                        ? "This API key may only use its tiers, not a model by name."
                        : "This API key may not use tier '" + route.tier() + "'."));
            }
        } catch (ProxyException e) {
            ChainResult refused = new ChainResult.Failure(e.error(), List.of(), false);
            record(requestId, receivedAt, null, request, caller, refused, List.of(), null);
            return CompletableFuture.completedFuture(refused);
        }
        ChainPlan plan = new ChainPlan(requestId, route.candidates(),
                new OpenAiPayload(request.body(), request.stream()), config.settings(), sink);
        CompletableFuture<ChainResult> outcome = new CompletableFuture<>();
        if (sink == null) {
            // A streamed answer may rightly take minutes; its first-token and idle limits bound it instead.
            SafetyNet.failAfter(outcome, config.settings().admissionLimits().queueWait()
                    .plus(config.settings().chainBudget()).plus(SafetyNet.SLACK), sleeper);
        }
        AtomicReference<Duration> queueWait = new AtomicReference<>();
        AtomicReference<RunningChain> running = new AtomicReference<>();
        Instant queuedAt = clock.instant();
        CompletableFuture<Admission.Ticket> admitted = admission.admit();
        admitted.whenComplete((ticket, error) -> {
            if (error != null) {
                queueWait.set(Duration.between(queuedAt, clock.instant()));
                Throwable cause = error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
                if (cause instanceof ProxyException refused) {
                    outcome.complete(new ChainResult.Failure(refused.error(), List.of(), false));
                } else if (!(cause instanceof CancellationException)) {
                    outcome.completeExceptionally(cause);
                }
                return;
            }
            queueWait.set(ticket.waited());
            if (outcome.isDone()) {
                ticket.release(); // the client left while it waited
                return;
            }
            // The chain budget starts now, not when the request joined the queue.
            RunningChain run = executor.execute(plan);
            running.set(run);
            run.whenComplete((r, e) -> {
                ticket.release();
                if (e != null) {
                    outcome.completeExceptionally(e);
                } else {
                    outcome.complete(r);
                }
            });
            outcome.whenComplete((r, e) -> {
                if (outcome.isCancelled()) {
                    run.cancel(true);
                }
            });
        });
        CompletableFuture<ChainResult> answered = new CompletableFuture<>();
        answered.whenComplete((r, e) -> {
            if (answered.isCancelled()) {
                outcome.cancel(true); // the client left: stop the chain (and so log it as abandoned)
            }
        });
        outcome.whenComplete((result, error) -> {
            List<AttemptRecord> abandoned = List.of();
            if (outcome.isCancelled()) {
                admitted.cancel(false);
                RunningChain run = running.get();
                if (run != null) {
                    run.cancel(true); // it may not have heard yet; its attempts, the one in flight too, are logged
                    abandoned = run.attemptsSoFar();
                }
            }
            Duration waited = queueWait.get();
            ChainResult recorded = result;
            if (error != null && !(error instanceof CancellationException)) {
                // A failure inside the proxy (or its safety net) is the proxy's 500, not a client that left.
                recorded = new ChainResult.Failure(ProxyError.of(ErrorKind.INTERNAL, String.valueOf(error.getMessage())),
                        List.of(), false);
            }
            CompletableFuture<Void> committed = record(requestId, receivedAt, route.tier(), request, caller, recorded,
                    abandoned, waited == null ? null : waited.toMillis());
            LoggedAnswer.relay(outcome, answered, committed, config.settings().requestLogSyncWait(), sleeper, requestId,
                    requestLog::answerWithheld);
        });
        return answered;
    }

    /** Records a request refused before routing (origin, key, limits, bad JSON, body too large...). */
    public void recordRejected(String requestId, Instant receivedAt, String requestedModel, CallerRecord caller,
                               ProxyError error) {
        logged(RequestRecord.of(requestId, receivedAt).asked(null, requestedModel)
                .status(codes.status(error.kind()), codes.code(error.kind())).latencyMs(latency(receivedAt))
                .caller(caller, null).build());
    }

    /**
     * @param abandoned the attempts of a run the client walked away from (when {@code result} is null)
     * @return for an answer that must wait for its row (a success, with requestLogDurability=sync): completes once
     * the row has committed; otherwise null
     */
    private CompletableFuture<Void> record(String requestId, Instant receivedAt, String tier, ChatRequest request, Caller caller,
                        ChainResult result, List<AttemptRecord> abandoned, Long queueWaitMs) {
        RequestRecord.Builder row = RequestRecord.of(requestId, receivedAt).asked(tier, request.model())
                .latencyMs(latency(receivedAt)).queueWaitMs(queueWaitMs)
                .caller(caller.record(), request.promptExcerpt(configs.current().settings().logPromptChars()));
        if (result instanceof ChainResult.Success s) {
            TokenUsage u = s.reply().usage();
            return finish(row.answeredBy(s.model().name(), s.fallback()).status(200, null)
                    .usage(u.promptTokens(), u.completionTokens(), u.totalTokens())
                    .finished(s.reply().finishReason(), s.truncated()).saw429(s.saw429())
                    .stream(request.stream(), null).attempts(s.attempts()).build());
        } else if (result instanceof ChainResult.Streamed s) {
            TokenUsage u = StreamedUsage.of(s, request); // what the client's usage chunk says, too
            return finish(row.answeredBy(s.model().name(), s.fallback()).status(200, null)
                    .usage(u.promptTokens(), u.completionTokens(), u.totalTokens())
                    .finished(s.finishReason(), s.truncated()).saw429(s.saw429())
                    .stream(true, s.stats()).attempts(s.attempts()).build());
        } else if (result instanceof ChainResult.Failure f) {
            logged(row.status(codes.status(f.error().kind()), codes.code(f.error().kind())).saw429(f.saw429())
                    .stream(request.stream(), request.stream() ? f.stats() : null).attempts(f.attempts()).build());
        } else {
            // Cancelled: the client went away. What was relayed is not known here.
            boolean saw429 = abandoned.stream().anyMatch(a -> a.outcome() == Outcome.RATE_LIMITED
                    || a.outcome() == Outcome.SKIPPED_COOLDOWN);
            logged(row.status(CLIENT_CLOSED, "client_closed").saw429(saw429).stream(request.stream(), null)
                    .attempts(abandoned).build());
        }
        return null; // a failure, or a client gone: no answer the log must vouch for first
    }

    /** A refused request goes to the request log and the metrics, in the same form; its answer never waits. */
    private void logged(RequestRecord record) {
        metrics.requestCompleted(record);
        requestLog.submit(record);
    }

    /**
     * A request that ran its chain: like {@link #logged}, and with {@code requestLogDurability=sync} it tells when
     * its row has committed.
     *
     * @return completes once the row has committed (sync); otherwise null
     */
    private CompletableFuture<Void> finish(RequestRecord record) {
        if (!configs.current().settings().requestLogSync()) {
            logged(record);
            return null;
        }
        metrics.requestCompleted(record);
        return requestLog.submitAwaiting(record);
    }

    private long latency(Instant receivedAt) {
        return Duration.between(receivedAt, clock.instant()).toMillis();
    }
}
