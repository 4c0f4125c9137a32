package dev.llmproxy.interfaces.proxy;

import dev.llmproxy.application.config.ConfigService;
import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.application.proxy.ChatRequest;
import dev.llmproxy.domain.failure.ProxyError;
import dev.llmproxy.domain.failure.ProxyException;
import dev.llmproxy.domain.routing.Sleeper;
import dev.llmproxy.interfaces.json.JsonResponses;
import dev.llmproxy.interfaces.proxy.messages.MessagesDialect;
import dev.llmproxy.interfaces.proxy.messages.MessagesRequests;
import jakarta.inject.Inject;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.time.Duration;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * {@code POST /v1/messages/count_tokens}: the proxy's estimate of a Messages request's input tokens, the figure it
 * reserves against budgets before a call. It is an estimate (no model's tokenizer is consulted, so no upstream is
 * called and nothing is counted against limits), and answers like {@code GET /v1/models}, to anyone.
 */
@WebServlet(urlPatterns = "/v1/messages/count_tokens", asyncSupported = true)
public class CountTokensServlet extends ApiServlet {

    private static final Logger LOG = Logger.getLogger(CountTokensServlet.class.getName());

    @Inject
    ConfigService configs;
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
        AsyncContext async = req.startAsync();
        async.setTimeout(0);
        String requestId = RequestIds.of(req);
        BodyReader reader;
        try {
            reader = BodyReader.read(req, configs.current().settings().callers().maxBodyBytes(), new BodyReader.Handler() {
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
            Duration limit = configs.current().settings().callers().bodyTimeout();
            sleeper.sleep(limit).thenRun(() -> reader.expire("The request body did not arrive within "
                    + limit.toMillis() + " ms."));
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
