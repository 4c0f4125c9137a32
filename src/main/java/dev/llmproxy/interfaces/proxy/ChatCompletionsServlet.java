package dev.llmproxy.interfaces.proxy;

import dev.llmproxy.application.access.AccessRequest;
import dev.llmproxy.application.proxy.ChatCompletionService;
import dev.llmproxy.application.proxy.ChatExchange;
import dev.llmproxy.application.proxy.ChatRequest;
import dev.llmproxy.domain.failure.ErrorKind;
import dev.llmproxy.domain.failure.ProxyError;
import dev.llmproxy.domain.failure.ProxyException;
import dev.llmproxy.domain.limits.ScopeLimit;
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
import java.util.logging.Logger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code POST /v1/chat/completions}: the HTTP side of {@link ChatExchange}. The request thread checks the caller and
 * hands over: the body is read, and the answer written, with the servlet's non-blocking I/O, and the chain runs
 * asynchronously, so no thread waits on a slow client or an upstream. Every refusal is the exchange's to record;
 * this class reads, writes and says what arrived.
 */
@WebServlet(urlPatterns = {"/v1/chat/completions", "/v1/scopes/*"}, asyncSupported = true)
public class ChatCompletionsServlet extends ApiServlet {

    private static final Logger LOG = Logger.getLogger(ChatCompletionsServlet.class.getName());
    private static final Pattern SCOPED = Pattern.compile("/(" + ScopeLimit.NAME + ")/chat/completions");

    @Inject
    ChatCompletionService service;
    @Inject
    Clock clock;
    @Inject
    Sleeper sleeper;

    public ChatCompletionsServlet() {
        super("POST");
    }

    @Override
    protected void doPost(HttpServletRequest req, HttpServletResponse res) throws IOException {
        ChatExchange exchange = service.begin(RequestIds.of(req), clock.instant());
        try {
            start(req, res, exchange);
        } catch (RuntimeException e) {
            ProxyError error = exchange.failed(e);
            if (req.isAsyncStarted()) {
                AsyncAnswer.endWithError(req.getAsyncContext(), exchange.requestId(), error);
            } else {
                JsonResponses.error(res, error);
            }
        }
    }

    private void start(HttpServletRequest req, HttpServletResponse res, ChatExchange exchange)
            throws IOException {
        String routeScope = null;
        if (req.getServletPath().equals("/v1/scopes")) {
            routeScope = scopeOf(req.getPathInfo());
            if (routeScope == null) {
                JsonResponses.error(res, ProxyError.of(ErrorKind.NOT_FOUND, "No such endpoint: use "
                        + "/v1/chat/completions or /v1/scopes/{scope}/chat/completions."));
                return;
            }
        }
        try {
            exchange.admit(new AccessRequest(req.getRemoteAddr(), req.getHeader("Forwarded"),
                    req.getHeader("X-Forwarded-For"), req.getHeader("Authorization"), routeScope), req.getContentType());
        } catch (ProxyException e) {
            JsonResponses.error(res, e.error());
            return;
        }
        AsyncContext async = req.startAsync();
        // No container timeout (it cost a timer wake-up per request): the service bounds the request itself, and a
        // stream's first-token and idle limits bound a stream that may rightly take minutes.
        async.setTimeout(0);
        CancelOnAbandon abandon = new CancelOnAbandon();
        async.addListener(abandon);
        BodyReader reader;
        try {
            reader = BodyReader.read(req, exchange.settings().maxBodyBytes(), new BodyReader.Handler() {
                @Override
                public void body(byte[] body) {
                    arrived(async, abandon, exchange, body);
                }

                @Override
                public void failed(ProxyError error) {
                    answerError(async, exchange, exchange.refused(error));
                }
            });
        } catch (ProxyException e) {
            answerError(async, exchange, exchange.refused(e.error()));
            return;
        } catch (IOException | IllegalStateException e) {
            LOG.fine(() -> "Could not read the body of " + exchange.requestId() + ": " + e);
            AsyncAnswer.end(async);
            return;
        }
        if (!reader.isDone()) {
            // A body still on its way holds no thread, but it may not hold the request open for ever either.
            Duration limit = exchange.settings().bodyTimeout();
            sleeper.sleep(limit).thenRun(() -> reader.expire("The request body did not arrive within "
                    + limit.toMillis() + " ms."));
        }
    }

    /** The whole body is in: the exchange reads it and the chain starts; whatever is thrown, the exchange ends. */
    private static void arrived(AsyncContext async, CancelOnAbandon abandon, ChatExchange exchange, byte[] body) {
        try {
            ChatRequest chat;
            try {
                chat = exchange.read(body);
            } catch (ProxyException e) {
                answerError(async, exchange, e.error());
                return;
            }
            if (!chat.stream()) {
                ChainAnswers.answer(async, abandon, exchange, chat);
                return;
            }
            try {
                ChainAnswers.stream(async, abandon, exchange, chat);
            } catch (IOException e) {
                LOG.fine(() -> "Could not start the stream for " + exchange.requestId() + ": " + e);
                AsyncAnswer.end(async);
            }
        } catch (RuntimeException | Error e) {
            AsyncAnswer.endWithError(async, exchange.requestId(), exchange.failed(e));
        }
    }

    private static void answerError(AsyncContext async, ChatExchange exchange, ProxyError error) {
        AsyncAnswer.sendOrEnd(async, exchange.requestId(),
                JsonResponses.prepareError((HttpServletResponse) async.getResponse(), error));
    }

    /**
     * The scope in {@code /v1/scopes/{scope}/chat/completions} (so that an SDK's base URL can be
     * {@code .../v1/scopes/pairing}), or null when the path is not of that shape.
     */
    static String scopeOf(String pathInfo) {
        Matcher m = pathInfo == null ? null : SCOPED.matcher(pathInfo);
        return m != null && m.matches() ? m.group(1) : null;
    }
}
