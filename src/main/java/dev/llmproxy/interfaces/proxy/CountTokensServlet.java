package dev.llmproxy.interfaces.proxy;

import dev.llmproxy.application.access.AccessRequest;
import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.application.proxy.ChatCompletionService;
import dev.llmproxy.application.proxy.ChatExchange;
import dev.llmproxy.application.proxy.ChatRequest;
import dev.llmproxy.domain.failure.ProxyError;
import dev.llmproxy.domain.failure.ProxyException;
import dev.llmproxy.domain.log.FrontDoor;
import dev.llmproxy.domain.routing.Sleeper;
import dev.llmproxy.interfaces.json.JsonResponses;
import dev.llmproxy.interfaces.proxy.door.RequestIds;
import dev.llmproxy.interfaces.proxy.messages.MessagesDialect;
import dev.llmproxy.interfaces.proxy.messages.MessagesRequests;
import jakarta.inject.Inject;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.time.Clock;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * {@code POST /v1/messages/count_tokens}: the proxy's estimate of a Messages request's input tokens, the figure it
 * reserves against budgets before a call. It is an estimate (no model's tokenizer is consulted, so no upstream is
 * called). The caller is admitted as at {@code /v1/messages} (its key, its rate limits) before a byte of the body is
 * read: reading and parsing a body costs memory, which no one may spend unchecked.
 */
@WebServlet(urlPatterns = "/v1/messages/count_tokens", asyncSupported = true)
public class CountTokensServlet extends ApiServlet {

    private static final Logger LOG = Logger.getLogger(CountTokensServlet.class.getName());

    @Inject
    ChatCompletionService service;
    @Inject
    Clock clock;
    @Inject
    Sleeper sleeper;

    public CountTokensServlet() {
        super("POST");
    }

    @Override
    protected byte[] prepareError(HttpServletResponse res, ProxyError error) {
        return MessagesDialect.INSTANCE.prepareError(res, error);
    }

    @Override
    protected void doPost(HttpServletRequest req, HttpServletResponse res) throws IOException {
        String requestId = RequestIds.of(req);
        ChatExchange exchange = service.begin(requestId, clock.instant(), FrontDoor.MESSAGES);
        try {
            exchange.admit(new AccessRequest(req.getRemoteAddr(), req.getHeader("Forwarded"),
                    req.getHeader("X-Forwarded-For"), MessagesServlet.credentials(req), null), req.getContentType());
        } catch (ProxyException e) {
            res.getOutputStream().write(prepareError(res, e.error()));
            return;
        }
        AsyncContext async = req.startAsync();
        async.setTimeout(0);
        BodyReader reader;
        try {
            reader = BodyReader.read(req, exchange.settings().callers().maxBodyBytes(), new BodyReader.Handler() {
                @Override
                public void body(byte[] body) {
                    answer(async, requestId, body);
                }

                @Override
                public void failed(ProxyError error) {
                    AsyncAnswer.endWithError(async, requestId, error, MessagesDialect.INSTANCE);
                }
            });
        } catch (ProxyException e) {
            AsyncAnswer.endWithError(async, requestId, e.error(), MessagesDialect.INSTANCE);
            return;
        }
        if (!reader.isDone()) {
            // A body still on its way holds no thread, but it may not hold the request open for ever either.
            reader.expireAfter(exchange.settings().callers().bodyTimeout(), sleeper);
        }
    }

    private static void answer(AsyncContext async, String requestId, byte[] body) {
        HttpServletResponse res = (HttpServletResponse) async.getResponse();
        try {
            ChatRequest chat = MessagesRequests.countable(body);
            AsyncAnswer.sendOrEnd(async, requestId, JsonResponses.prepare(res, 200, JsonCodec.write(JsonCodec.object()
                    .add("input_tokens", chat.promptTokenEstimate()).build())));
        } catch (ProxyException e) {
            AsyncAnswer.endWithError(async, requestId, e.error(), MessagesDialect.INSTANCE);
        } catch (RuntimeException e) {
            LOG.log(Level.SEVERE, "Request " + requestId + " failed inside the proxy", e);
            AsyncAnswer.endWithError(async, requestId, ProxyError.INTERNAL, MessagesDialect.INSTANCE);
        }
    }
}
