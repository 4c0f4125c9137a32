package dev.llmproxy.interfaces.proxy.messages;

import dev.llmproxy.application.proxy.ChatRequest;
import dev.llmproxy.domain.failure.ProxyError;
import dev.llmproxy.domain.log.FrontDoor;
import dev.llmproxy.domain.routing.ChainResult;
import dev.llmproxy.interfaces.proxy.door.Dialect;
import dev.llmproxy.interfaces.proxy.door.RequestIds;
import dev.llmproxy.interfaces.proxy.door.StreamDialect;
import jakarta.servlet.http.HttpServletResponse;

/** Anthropic's Messages API ({@code POST /v1/messages}) as a front door. */
public final class MessagesDialect implements Dialect {

    public static final MessagesDialect INSTANCE = new MessagesDialect();

    private MessagesDialect() {
    }

    @Override
    public FrontDoor door() {
        return FrontDoor.MESSAGES;
    }

    @Override
    public ChatRequest read(byte[] body) {
        return MessagesRequests.read(body);
    }

    @Override
    public byte[] answer(ChainResult.Success success, String requestId) {
        return MessagesAnswers.body(success.reply(), requestId);
    }

    @Override
    public byte[] prepareError(HttpServletResponse res, ProxyError error) {
        String requestId = res.getHeader(RequestIds.HEADER);
        if (requestId != null) {
            res.setHeader("request-id", requestId); // where Anthropic's clients look for it
        }
        return MessagesErrors.prepare(res, error, requestId);
    }

    @Override
    public StreamDialect stream(String requestId, long created, ChatRequest chat) {
        return new MessagesStream(requestId);
    }
}
