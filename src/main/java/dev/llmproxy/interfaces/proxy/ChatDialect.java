package dev.llmproxy.interfaces.proxy;

import dev.llmproxy.application.proxy.ChatRequest;
import dev.llmproxy.domain.failure.ProxyError;
import dev.llmproxy.domain.log.FrontDoor;
import dev.llmproxy.domain.routing.ChainResult;
import dev.llmproxy.interfaces.json.JsonResponses;
import jakarta.servlet.http.HttpServletResponse;

/** OpenAI chat completions: the proxy's own terms, so nothing is translated. */
final class ChatDialect implements Dialect {

    static final ChatDialect INSTANCE = new ChatDialect();

    private ChatDialect() {
    }

    @Override
    public FrontDoor door() {
        return FrontDoor.CHAT;
    }

    @Override
    public ChatRequest read(byte[] body) {
        return ChatRequest.parse(body);
    }

    @Override
    public byte[] answer(ChainResult.Success success, String requestId) {
        return success.reply().body();
    }

    @Override
    public byte[] prepareError(HttpServletResponse res, ProxyError error) {
        return JsonResponses.prepareError(res, error);
    }

    @Override
    public StreamDialect stream(String requestId, long created, ChatRequest chat) {
        return new SseChunks(requestId, created, chat.includeUsage());
    }
}
