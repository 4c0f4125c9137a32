package dev.llmproxy.interfaces.proxy;

import dev.llmproxy.application.proxy.ChatExchange;
import dev.llmproxy.application.responses.StoredResponses;
import dev.llmproxy.interfaces.proxy.door.Dialect;
import dev.llmproxy.interfaces.proxy.responses.ResponsesDialect;
import jakarta.inject.Inject;
import jakarta.servlet.annotation.WebServlet;

/** {@code POST /v1/responses}: OpenAI's Responses API, on the same tiers and chains as chat completions. */
@WebServlet(urlPatterns = "/v1/responses", asyncSupported = true)
public class ResponsesServlet extends FrontDoorServlet {

    @Inject
    StoredResponses store;

    @Override
    protected Dialect dialect() {
        return ResponsesDialect.STATELESS;
    }

    @Override
    protected Dialect dialectFor(ChatExchange exchange) {
        return new ResponsesDialect(exchange, store);
    }
}
