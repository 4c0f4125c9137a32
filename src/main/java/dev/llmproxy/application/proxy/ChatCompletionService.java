package dev.llmproxy.application.proxy;

import dev.llmproxy.application.local.LocalModels;
import dev.llmproxy.application.access.AccessControl;
import dev.llmproxy.application.access.Caller;
import dev.llmproxy.application.config.ConfigService;
import dev.llmproxy.application.log.RequestLog;
import dev.llmproxy.application.spend.ActualCharge;
import dev.llmproxy.application.spend.Reservation;
import dev.llmproxy.application.spend.SpendGuard;
import dev.llmproxy.application.telemetry.RequestTracing;
import dev.llmproxy.domain.admission.Admission;
import dev.llmproxy.domain.config.AnswerReuse;
import dev.llmproxy.domain.config.RuntimeConfig;
import dev.llmproxy.domain.config.Tier;
import dev.llmproxy.domain.failure.ErrorKind;
import dev.llmproxy.domain.failure.ProxyError;
import dev.llmproxy.domain.failure.ProxyException;
import dev.llmproxy.domain.log.FrontDoor;
import dev.llmproxy.domain.replay.KeptAnswer;
import dev.llmproxy.domain.routing.ChainExecutor;
import dev.llmproxy.domain.routing.AttemptRecord;
import dev.llmproxy.domain.routing.Candidate;
import dev.llmproxy.domain.routing.ChainPlan;
import dev.llmproxy.domain.routing.ChainResult;
import dev.llmproxy.domain.routing.OwnTime;
import dev.llmproxy.domain.routing.RouteResolver;
import dev.llmproxy.domain.routing.Sleeper;
import dev.llmproxy.domain.spend.Charge;
import dev.llmproxy.domain.spend.OutputAllowance;
import dev.llmproxy.domain.streaming.ClientStream;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;

/**
 * The proxy's use case. {@link #begin} opens a request's life ({@link ChatExchange}: admission, body, caps, every
 * refusal recorded); {@link #complete} routes it, queues it for admission, runs its chain, settles its usage once and
 * records it, and hands the answer on (with {@code requestLogDurability=sync}, once its row has committed).
 */
@ApplicationScoped
public class ChatCompletionService {

    private final ConfigService configs;
    private final ChainExecutor executor;
    private final Admission admission;
    private final RequestLog requestLog;
    private final RequestRecorder recorder;
    private final AccessControl access;
    private final Clock clock;
    private final Sleeper sleeper;
    private final LocalModels localModels;
    private final SpendGuard spend;
    private final RequestTracing tracing;

    @Inject
    ChatCompletionService(ConfigService configs, ChainExecutor executor, Admission admission, RequestLog requestLog,
            RequestRecorder recorder, AccessControl access, Clock clock, Sleeper sleeper, LocalModels localModels,
            SpendGuard spend, RequestTracing tracing) {
        this.configs = configs;
        this.executor = executor;
        this.admission = admission;
        this.requestLog = requestLog;
        this.recorder = recorder;
        this.access = access;
        this.clock = clock;
        this.sleeper = sleeper;
        this.localModels = localModels;
        this.spend = spend;
        this.tracing = tracing;
    }

    /** For the container's client proxy. */
    protected ChatCompletionService() {
        this(null, null, null, null, null, null, null, null, null, null, null);
    }

    /** A chat completions request has arrived: its life starts with the settings in force now. */
    public ChatExchange begin(String requestId, Instant receivedAt) {
        return begin(requestId, receivedAt, FrontDoor.CHAT);
    }

    /** A request has arrived through that front door: its life starts with the settings in force now. */
    public ChatExchange begin(String requestId, Instant receivedAt, FrontDoor door) {
        return new ChatExchange(this, access, recorder, configs.current().settings(), requestId, receivedAt, door,
                new OwnTime(clock, receivedAt));
    }

    Instant now() {
        return clock.instant();
    }

    /** How the tier named {@code model} gives answers again ({@link AnswerReuse#NONE} for a model or no tier). */
    AnswerReuse reuse(String model) {
        return configs.current().tier(model).map(Tier::reuse).orElse(AnswerReuse.NONE);
    }

    public CompletableFuture<ChainResult> complete(String requestId, Instant receivedAt, ChatRequest request,
                                                   Caller caller) {
        return complete(requestId, receivedAt, request, caller, null, OwnTime.UNTIMED, Optional::empty);
    }

    /**
     * @param caller  who is calling (already let in by the access check)
     * @param sink    where a streamed answer goes (null when the request does not stream)
     * @param ownTime where the run says when something else holds the request
     * @param stale   when every model fails with what a provider's outage says (not the caller's request), and
     *                nothing has been streamed, finds the answer that stands in for the error
     *                ({@link ChainResult.Stale})
     */
    public CompletableFuture<ChainResult> complete(String requestId, Instant receivedAt, ChatRequest request,
                                                   Caller caller, ClientStream sink, OwnTime ownTime,
                                                   Supplier<Optional<KeptAnswer>> stale) {
        RuntimeConfig config = configs.current();
        RouteResolver.Route route;
        boolean hedged;
        Reservation reservation;
        try {
            route = RouteResolver.resolve(config, request.model(), LocalDate.now(clock), localModels::ready);
            hedged = hedges(config, route);
            checkKind(route, request);
            if (!caller.mayUse(route.tier())) {
                throw new ProxyException(ProxyError.of(ErrorKind.NOT_PERMITTED, route.tier() == null
                        ? "This API key may only use its tiers, not a model by name."
                        : "This API key may not use tier '" + route.tier() + "'."));
            }
            reservation = spend.reserve(config.settings(), caller.key(), caller.record().scope(),
                    Stream.concat(route.candidates().stream(), route.onRefusal().stream()).map(Candidate::model)
                            .toList(), request.promptTokenEstimate(),
                    request.maxTokens(), hedged);
        } catch (ProxyException e) {
            ChainResult refused = new ChainResult.Failure(e.error(), List.of(), false);
            recorder.ran(requestId, receivedAt, null, request, caller, refused, List.of(), null);
            return CompletableFuture.completedFuture(refused);
        }
        QueuedRun run;
        try {
            run = QueuedRun.start(admission, executor, clock, new ChainPlan(requestId, route.candidates(),
                    new OpenAiPayload(request), config.settings(), sink,
                    request.promptTokenEstimate(), tracing.run(requestId), hedged && reservation.coversHedge(),
                    new OutputAllowance(request.maxTokens(), config.settings().costSafety().reserveOutputTokens()),
                    ownTime, route.onRefusal()), caller.priority(), caller.party());
        } catch (RuntimeException e) {
            spend.settle(reservation, Charge.ZERO); // nothing was called: the reservation is released
            throw e;
        }
        if (sink == null) {
            // A streamed answer may rightly take minutes; its first-token and idle limits bound it instead.
            LastResortTimeout.failAfter(run.outcome(), config.settings().admission().queueWait()
                    .plus(config.settings().timeBudgets().chain()).plus(LastResortTimeout.SLACK), sleeper);
        }
        CompletableFuture<ChainResult> answered = new CompletableFuture<>();
        answered.whenComplete((r, e) -> {
            if (answered.isCancelled()) {
                run.outcome().cancel(true); // the client left: stop the chain (and so log it as abandoned)
            }
        });
        run.outcome().whenComplete((result, error) -> {
            List<AttemptRecord> abandoned = run.abandonedAttempts();
            try {
                ChainResult settled = StaleAnswers.inPlaceOf(settled(result, request), sink, stale);
                ChainResult recorded = settled;
                if (error != null && !(error instanceof CancellationException)) {
                    // A failure inside the proxy (or its safety net) is the proxy's 500, not a client that left.
                    recorded = new ChainResult.Failure(ProxyError.of(ErrorKind.INTERNAL,
                            String.valueOf(error.getMessage())), List.of(), false);
                }
                CompletableFuture<Void> committed = recorder.ran(requestId, receivedAt, route.tier(), request, caller,
                        recorded, abandoned, run.queueWaitMs());
                LoggedAnswer.relay(settled, error, answered, committed, config.settings().log().syncWait(),
                        sleeper, requestId, requestLog::answerWithheld);
            } finally {
                // whatever happened above, the reservation ends: a leaked one would hold budget until the period ends
                spend.settle(reservation, ActualCharge.of(error == null ? result : null, abandoned, reservation));
            }
        });
        return answered;
    }

    /** Whether the route's tier hedges (a model or group asked for by name does not). */
    private static boolean hedges(RuntimeConfig config, RouteResolver.Route route) {
        return route.tier() != null && config.tier(route.tier()).map(Tier::hedged).orElse(false);
    }

    /** A chat request must name chat models, an embeddings request embedding models (a tier's are all of one kind). */
    private static void checkKind(RouteResolver.Route route, ChatRequest request) {
        boolean embeds = route.candidates().get(0).model().embeds();
        if (embeds == request.embeddings()) {
            return;
        }
        String named = (route.tier() != null ? "Tier '" : "Model '") + request.model() + "'";
        throw new ProxyException(new ProxyError(ErrorKind.BAD_REQUEST, embeds
                ? named + " makes embeddings; call /v1/embeddings."
                : named + " makes chat answers; /v1/embeddings needs an embedding tier or model.", "model", null));
    }

    /** Whether an answer from that allowlisted model is a local model's (a stand-in's), as the caller is told. */
    public boolean answeredLocally(String modelName) {
        return configs.current().isStandIn(modelName);
    }

    /** A streamed answer's usage, settled once: the client's usage chunk and the request log say the same. */
    private static ChainResult settled(ChainResult result, ChatRequest request) {
        return result instanceof ChainResult.Streamed s ? s.withUsage(StreamedUsage.of(s, request)) : result;
    }
}
