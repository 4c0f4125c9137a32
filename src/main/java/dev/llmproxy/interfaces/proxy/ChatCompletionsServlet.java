package dev.llmproxy.interfaces.proxy;

import dev.llmproxy.application.access.AccessControl;
import dev.llmproxy.application.access.AccessRefusal;
import dev.llmproxy.application.access.AccessRequest;
import dev.llmproxy.application.access.Caller;
import dev.llmproxy.application.config.ConfigService;
import dev.llmproxy.application.proxy.ChatCompletionService;
import dev.llmproxy.application.proxy.ChatRequest;
import dev.llmproxy.domain.config.Settings;
import dev.llmproxy.domain.failure.ErrorKind;
import dev.llmproxy.domain.failure.ProxyError;
import dev.llmproxy.domain.failure.ProxyException;
import dev.llmproxy.domain.limits.ScopeLimit;
import dev.llmproxy.domain.log.CallerRecord;
import dev.llmproxy.domain.routing.ChainResult;
import dev.llmproxy.domain.routing.Sleeper;
import dev.llmproxy.interfaces.json.JsonResponses;
import jakarta.inject.Inject;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code POST /v1/chat/completions}. The request thread checks the caller and hands over: the body is read, and the
 * answer written, with the servlet's non-blocking I/O, and the chain runs asynchronously, so no thread waits on a
 * slow client or an upstream.
 */
@WebServlet(urlPatterns = {"/v1/chat/completions", "/v1/scopes/*"}, asyncSupported = true)
public class ChatCompletionsServlet extends ApiServlet {

    private static final Logger LOG = Logger.getLogger(ChatCompletionsServlet.class.getName());
    private static final Pattern SCOPED = Pattern.compile("/(" + ScopeLimit.NAME + ")/chat/completions");

    @Inject
    ChatCompletionService service;
    @Inject
    AccessControl access;
    @Inject
    ConfigService configs;
    @Inject
    Clock clock;
    @Inject
    Sleeper sleeper;

    public ChatCompletionsServlet() {
        super("POST");
    }

    @Override
    protected void doPost(HttpServletRequest req, HttpServletResponse res) throws IOException {
        Instant receivedAt = clock.instant();
        String requestId = RequestIds.of(req);
        try {
            start(req, res, receivedAt, requestId);
        } catch (RuntimeException e) {
            if (req.isAsyncStarted()) {
                lastResort(req.getAsyncContext(), requestId, receivedAt, Caller.UNKNOWN, e);
            } else {
                LOG.log(Level.SEVERE, "Request " + requestId + " failed inside the proxy", e);
                record(requestId, receivedAt, null, Caller.UNKNOWN.record(), INTERNAL);
                JsonResponses.error(res, INTERNAL);
            }
        }
    }

    private void start(HttpServletRequest req, HttpServletResponse res, Instant receivedAt, String requestId)
            throws IOException {
        Settings settings = configs.current().settings();
        String routeScope = null;
        if (req.getServletPath().equals("/v1/scopes")) {
            routeScope = scopeOf(req.getPathInfo());
            if (routeScope == null) {
                JsonResponses.error(res, ProxyError.of(ErrorKind.NOT_FOUND, "No such endpoint: use "
                        + "/v1/chat/completions or /v1/scopes/{scope}/chat/completions."));
                return;
            }
        }
        // Who is calling and whether their limits leave room comes first: a flood of malformed or oversized
        // requests is bounded like any other.
        Caller caller = Caller.UNKNOWN;
        try {
            caller = access.admit(new AccessRequest(req.getRemoteAddr(), req.getHeader("Forwarded"),
                    req.getHeader("X-Forwarded-For"), req.getHeader("Authorization"), routeScope));
            requireJson(req);
        } catch (ProxyException e) {
            record(requestId, receivedAt, null, e instanceof AccessRefusal refusal ? refusal.caller() : caller.record(),
                    e.error());
            JsonResponses.error(res, e.error());
            return;
        }
        AsyncContext async = req.startAsync();
        // No container timeout (it cost a timer wake-up per request): the service bounds the request itself, and a
        // stream's first-token and idle limits bound a stream that may rightly take minutes.
        async.setTimeout(0);
        CancelOnAbandon abandon = new CancelOnAbandon();
        async.addListener(abandon);
        Caller admitted = caller;
        BodyReader reader;
        try {
            reader = BodyReader.read(req, settings.maxBodyBytes(), new BodyReader.Handler() {
                @Override
                public void body(byte[] body) {
                    handle(async, abandon, requestId, receivedAt, settings, admitted, body);
                }

                @Override
                public void failed(ProxyError error) {
                    refuse(async, requestId, receivedAt, null, admitted, error);
                }
            });
        } catch (ProxyException e) {
            refuse(async, requestId, receivedAt, null, caller, e.error());
            return;
        } catch (IOException | IllegalStateException e) {
            LOG.fine(() -> "Could not read the body of " + requestId + ": " + e);
            AsyncAnswer.end(async);
            return;
        }
        if (!reader.isDone()) {
            // A body still on its way holds no thread, but it may not hold the request open for ever either.
            Duration limit = settings.bodyTimeout();
            sleeper.sleep(limit).thenRun(() -> reader.expire("The request body did not arrive within "
                    + limit.toMillis() + " ms."));
        }
    }

    /** The whole body is in: validate it and start the chain; whatever is thrown, the exchange ends with an answer. */
    private void handle(AsyncContext async, CancelOnAbandon abandon, String requestId, Instant receivedAt,
                        Settings settings, Caller caller, byte[] body) {
        try {
            validateAndRun(async, abandon, requestId, receivedAt, settings, caller, body);
        } catch (RuntimeException | Error e) {
            lastResort(async, requestId, receivedAt, caller, e);
        }
    }

    private void validateAndRun(AsyncContext async, CancelOnAbandon abandon, String requestId, Instant receivedAt,
                                Settings settings, Caller caller, byte[] body) {
        ChatRequest chat = null;
        try {
            chat = ChatRequest.parse(body);
            if (chat.promptChars() > settings.maxPromptChars()) {
                throw new ProxyException(ProxyError.of(ErrorKind.PROMPT_TOO_LONG, "The prompt has " + chat.promptChars()
                        + " characters of message content; the limit is " + settings.maxPromptChars() + "."));
            }
        } catch (ProxyException e) {
            refuse(async, requestId, receivedAt, chat == null ? null : chat.model(), caller, e.error());
            return;
        }
        if (chat.stream()) {
            try {
                stream(async, abandon, requestId, receivedAt, chat, caller);
            } catch (IOException e) {
                LOG.fine(() -> "Could not start the stream for " + requestId + ": " + e);
                AsyncAnswer.end(async);
            }
        } else {
            answer(async, abandon, requestId, receivedAt, chat, caller);
        }
    }

    /** A request refused before its chain: recorded, and answered with its error. */
    private void refuse(AsyncContext async, String requestId, Instant receivedAt, String model, Caller caller,
                        ProxyError error) {
        record(requestId, receivedAt, model, caller.record(), error);
        AsyncAnswer.sendOrEnd(async, requestId, JsonResponses.prepareError((HttpServletResponse) async.getResponse(), error));
    }

    /** Records a request refused before its chain; a failure to record is logged and never stops the answer. */
    private void record(String requestId, Instant receivedAt, String model, CallerRecord caller, ProxyError error) {
        try {
            service.recordRejected(requestId, receivedAt, model, caller, error);
        } catch (RuntimeException e) {
            LOG.log(Level.SEVERE, "Could not record request " + requestId + " in the request log", e);
        }
    }

    /**
     * Something on the request path threw before its chain started: the request is logged as a proxy failure and
     * answered with a 500, or, when its answer is already under way, ended.
     */
    private void lastResort(AsyncContext async, String requestId, Instant receivedAt, Caller caller, Throwable e) {
        LOG.log(Level.SEVERE, "Request " + requestId + " failed inside the proxy", e);
        record(requestId, receivedAt, null, caller.record(), INTERNAL);
        AsyncAnswer.endWithError(async, requestId, INTERNAL);
    }

    /** An answer in one piece. */
    private void answer(AsyncContext async, CancelOnAbandon abandon, String requestId, Instant receivedAt,
                        ChatRequest chat, Caller caller) {
        HttpServletResponse res = (HttpServletResponse) async.getResponse();
        CompletableFuture<ChainResult> run = service.complete(requestId, receivedAt, chat, caller);
        abandon.watch(run);
        run.whenComplete((result, error) -> {
            if (run.isCancelled()) {
                AsyncAnswer.end(async);
                return;
            }
            if (result == null) {
                LOG.log(Level.SEVERE, "Request " + requestId + " failed inside the proxy", error);
                AsyncAnswer.endWithError(async, requestId, INTERNAL);
                return;
            }
            try {
                AsyncAnswer.sendOrEnd(async, requestId, ChainAnswers.prepare(res, result));
            } catch (RuntimeException | Error e) {
                LOG.log(Level.SEVERE, "Could not answer request " + requestId, e);
                AsyncAnswer.endWithError(async, requestId, INTERNAL);
            }
        });
    }

    /**
     * A streamed answer: nothing is sent until the first content (so every failure before it is an ordinary error
     * response), then events as they arrive, and at the end usage (if asked for) and {@code [DONE]}, or an in-band
     * error and no {@code [DONE]}.
     */
    private void stream(AsyncContext async, CancelOnAbandon abandon, String requestId, Instant receivedAt,
                        ChatRequest chat, Caller caller) throws IOException {
        CompletableFuture<Void> clientGone = new CompletableFuture<>();
        SseResponse sse = new SseResponse(async, requestId, receivedAt.getEpochSecond(), () -> clientGone.complete(null));
        CompletableFuture<ChainResult> run = service.complete(requestId, receivedAt, chat, caller, sse);
        clientGone.thenRun(() -> run.cancel(true));
        abandon.watch(run);
        run.whenComplete((result, error) -> {
            try {
                ChainAnswers.endStream(sse, async, requestId, chat, run, result, error);
            } catch (RuntimeException | Error e) {
                LOG.log(Level.SEVERE, "Could not end the stream of request " + requestId, e);
                if (sse.isOpen()) {
                    AsyncAnswer.end(async);
                } else {
                    AsyncAnswer.endWithError(async, requestId, INTERNAL);
                }
            }
        });
    }

    /**
     * The scope in {@code /v1/scopes/{scope}/chat/completions} (so that an SDK's base URL can be
     * {@code .../v1/scopes/pairing}), or null when the path is not of that shape.
     */
    static String scopeOf(String pathInfo) {
        Matcher m = pathInfo == null ? null : SCOPED.matcher(pathInfo);
        return m != null && m.matches() ? m.group(1) : null;
    }

    private static void requireJson(HttpServletRequest req) {
        String type = req.getContentType();
        if (type != null && !type.toLowerCase().contains("json")) {
            throw new ProxyException(ProxyError.of(ErrorKind.UNSUPPORTED_MEDIA_TYPE,
                    "Content-Type must be application/json."));
        }
    }

}
