package dev.llmproxy.application.proxy;

import dev.llmproxy.application.access.AccessControl;
import dev.llmproxy.application.access.AccessRefusal;
import dev.llmproxy.application.access.AccessRequest;
import dev.llmproxy.application.access.Caller;
import dev.llmproxy.application.responses.StoredResponses;
import dev.llmproxy.domain.admission.Priority;
import dev.llmproxy.domain.config.Settings;
import dev.llmproxy.domain.failure.ErrorKind;
import dev.llmproxy.domain.failure.ProxyError;
import dev.llmproxy.domain.failure.ProxyException;
import dev.llmproxy.domain.log.CallerRecord;
import dev.llmproxy.domain.log.FrontDoor;
import dev.llmproxy.domain.replay.AnswerKey;
import dev.llmproxy.domain.replay.KeptAnswer;
import dev.llmproxy.domain.replay.Reuse;
import dev.llmproxy.domain.config.AnswerReuse;
import dev.llmproxy.domain.routing.ChainResult;
import dev.llmproxy.domain.routing.OwnTime;
import dev.llmproxy.domain.streaming.ClientStream;

import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.function.Function;
import java.util.concurrent.CompletableFuture;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * One request's life, from its caller's admission to its chain: each step that can refuse it records the refusal
 * here, once, with what is known of the caller and the model by then, and throws it for the HTTP side to answer. The
 * HTTP side only reads, writes and says what arrived.
 */
public final class ChatExchange {

    private static final Logger LOG = Logger.getLogger(ChatExchange.class.getName());

    private final ChatCompletionService service;
    private final AccessControl access;
    private final RequestRecorder recorder;
    private final Settings settings;
    private final String requestId;
    private final Instant receivedAt;
    private final FrontDoor door;
    private final OwnTime ownTime;
    private volatile Caller caller = Caller.UNKNOWN;

    ChatExchange(ChatCompletionService service, AccessControl access, RequestRecorder recorder, Settings settings,
                 String requestId, Instant receivedAt, FrontDoor door, OwnTime ownTime) {
        this.service = service;
        this.access = access;
        this.recorder = recorder;
        this.settings = settings;
        this.requestId = requestId;
        this.receivedAt = receivedAt;
        this.door = door;
        this.ownTime = ownTime;
    }

    public String requestId() {
        return requestId;
    }

    public Instant receivedAt() {
        return receivedAt;
    }

    /**
     * How long the proxy itself has taken over the request so far: its time since it arrived, less the time its
     * providers' calls were in flight and the time it waited on purpose or for the client's body.
     */
    public Duration overhead() {
        return ownTime.soFar();
    }

    /** The rest of the body is on its way from the client: the time until it is in is the client's. */
    public OwnTime.Away awaitingBody() {
        return ownTime.away();
    }

    /** Whether an answer from that allowlisted model comes from a local model (a stand-in). */
    public boolean answeredLocally(String modelName) {
        return service.answeredLocally(modelName);
    }

    /** Who is calling, as far as known: unknown until admitted. */
    public CallerRecord caller() {
        return caller.record();
    }

    /** The settings in force when the request arrived (body limits, caps). */
    public Settings settings() {
        return settings;
    }

    /**
     * Who is calling and whether their limits leave room comes first: a flood of malformed or oversized requests is
     * bounded like any other. Then the body must claim to be JSON.
     *
     * @throws ProxyException the refusal, already recorded
     */
    public void admit(AccessRequest request, String contentType) {
        try {
            caller = access.admit(request, requestId);
            if (request.priority() != null) {
                caller = caller.loweredTo(Priority.of(request.priority().strip().toLowerCase(Locale.ROOT))
                        .orElseThrow(() -> new ProxyException(new ProxyError(ErrorKind.BAD_REQUEST,
                                "X-Proxy-Priority must be interactive, standard or batch (a caller may lower its key's"
                                        + " priority, never raise it).", "X-Proxy-Priority", null))));
            }
            if (contentType != null && !contentType.toLowerCase(Locale.ROOT).contains("json")) {
                throw new ProxyException(ProxyError.of(ErrorKind.UNSUPPORTED_MEDIA_TYPE,
                        "Content-Type must be application/json."));
            }
        } catch (AccessRefusal e) {
            if (e.remembered()) {
                recorder.refusedAgain(requestId, receivedAt, door, e.caller(), e.error());
            } else {
                recorder.refused(requestId, receivedAt, door, null, e.caller(), e.error());
            }
            throw e;
        } catch (ProxyException e) {
            recorder.refused(requestId, receivedAt, door, null, caller.record(), e.error());
            throw e;
        }
    }

    /** The whole body is in: it must be a chat request whose prompt is within {@code maxPromptChars}. */
    public ChatRequest read(byte[] body) {
        return read(body, ChatRequest::parse);
    }

    /**
     * The whole body is in: {@code translation} reads it, in its front door's own terms, as a chat request, whose
     * prompt must be within {@code maxPromptChars}.
     *
     * @throws ProxyException the refusal, already recorded
     */
    public ChatRequest read(byte[] body, Function<byte[], ChatRequest> translation) {
        ChatRequest chat = null;
        try {
            chat = translation.apply(body);
            if (chat.promptChars() > settings.callers().maxPromptChars()) {
                throw new ProxyException(ProxyError.of(ErrorKind.PROMPT_TOO_LONG, "The prompt has " + chat.promptChars()
                        + " characters of message content; the limit is " + settings.callers().maxPromptChars() + "."));
            }
            return chat;
        } catch (ProxyException e) {
            recorder.refused(requestId, receivedAt, door, chat == null ? null : chat.model(), caller.record(), e.error());
            throw e;
        }
    }

    /**
     * The request's {@code Idempotency-Key}, for a request the API and scope {@code what} names with that body.
     *
     * @throws ProxyException a 400 naming the header (recorded) when the key is malformed or the caller has nothing
     *                        the proxy could scope it to
     */
    public AnswerKey idempotencyKey(String header, String what, ChatRequest chat, byte[] body) {
        String owner = owner();
        String problem = owner == null ? "An Idempotency-Key needs a caller the proxy can tell apart (an API key or"
                + " its address)." : AnswerKey.problem(header).orElse(null);
        if (problem != null) {
            throw new ProxyException(keyRefused(chat, new ProxyError(ErrorKind.BAD_REQUEST, problem,
                    "Idempotency-Key", null)));
        }
        return AnswerKey.idempotent(owner, header, what, body);
    }

    /** The request's idempotency key refused it (malformed, in use, used for another request): recorded. */
    public ProxyError keyRefused(ChatRequest chat, ProxyError error) {
        recorder.refused(requestId, receivedAt, door, chat.model(), caller.record(), error);
        return error;
    }

    /** The request is answered with an answer kept from an earlier one ({@code how}): recorded so. */
    public void replayed(ChatRequest chat, KeptAnswer kept, Reuse.Kind how) {
        recorder.replayed(requestId, receivedAt, door, chat.model(), caller.record(), kept,
                new Reuse(how, kept.requestId()));
    }

    /**
     * How the tier {@code chat} asks for gives answers again, when the request is deterministic; otherwise
     * {@link AnswerReuse#NONE}.
     */
    public AnswerReuse reuse(ChatRequest chat) {
        return chat.deterministic() ? service.reuse(chat.model()) : AnswerReuse.NONE;
    }

    /** The time now, on the proxy's clock. */
    public Instant now() {
        return service.now();
    }

    /** Who owns what the caller keeps (its stored responses, its idempotency keys); null when nobody can tell. */
    public String owner() {
        return StoredResponses.ownerOf(caller.record());
    }

    /** The client left while the request waited for the run holding its idempotency key: recorded. */
    public void left(ChatRequest chat) {
        recorder.left(requestId, receivedAt, door, chat.model(), caller.record());
    }

    /** The body did not arrive whole (too large, too slow): recorded; returns the error to answer with. */
    public ProxyError refused(ProxyError error) {
        recorder.refused(requestId, receivedAt, door, null, caller.record(), error);
        return error;
    }

    /** Something threw on the request path before its chain started: recorded as the proxy's failure. */
    public ProxyError failed(Throwable e) {
        LOG.log(Level.SEVERE, "Request " + requestId + " failed inside the proxy", e);
        recorder.refused(requestId, receivedAt, door, null, caller.record(), ProxyError.INTERNAL);
        return ProxyError.INTERNAL;
    }

    /**
     * Routes and runs the chat; {@code sink} is where a streamed answer goes (null when it does not stream), and
     * {@code stale} finds the answer that stands in for a failure of every model (its tier's stale-if-error).
     */
    public CompletableFuture<ChainResult> run(ChatRequest chat, ClientStream sink,
                                              Supplier<Optional<KeptAnswer>> stale) {
        return service.complete(requestId, receivedAt, chat, caller, sink, ownTime, stale);
    }
}
