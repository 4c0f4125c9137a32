package dev.llmproxy.interfaces.proxy;

import dev.llmproxy.application.proxy.ChatAnswers;
import dev.llmproxy.application.proxy.ChatRequest;
import dev.llmproxy.application.proxy.EmbeddingInput;
import dev.llmproxy.domain.answer.Vectors;
import dev.llmproxy.domain.failure.ProxyError;
import dev.llmproxy.domain.log.FrontDoor;
import dev.llmproxy.domain.routing.ChainResult;
import dev.llmproxy.interfaces.json.JsonResponses;
import dev.llmproxy.interfaces.proxy.door.Dialect;
import dev.llmproxy.interfaces.proxy.door.StreamDialect;
import jakarta.servlet.http.HttpServletResponse;

import java.util.function.Function;

/**
 * OpenAI's chat completions and embeddings: where the provider speaks them too, nothing is translated and the answer
 * a model gave is the answer the caller gets, unknown fields and all; else it is written from the typed answer.
 */
final class ChatDialect implements Dialect {

    static final ChatDialect INSTANCE = new ChatDialect(FrontDoor.CHAT, ChatRequest::parse);
    static final ChatDialect EMBEDDINGS = new ChatDialect(FrontDoor.EMBEDDINGS, EmbeddingInput::parse);

    private final FrontDoor door;
    private final Function<byte[], ChatRequest> reader;

    private ChatDialect(FrontDoor door, Function<byte[], ChatRequest> reader) {
        this.door = door;
        this.reader = reader;
    }

    @Override
    public FrontDoor door() {
        return door;
    }

    @Override
    public ChatRequest read(byte[] body) {
        return reader.apply(body);
    }

    @Override
    public byte[] answer(ChainResult.Success success, String requestId) {
        return success.reply().answer() instanceof Vectors v ? v.json() : ChatAnswers.body(success.reply());
    }

    @Override
    public byte[] prepareError(HttpServletResponse res, ProxyError error) {
        return JsonResponses.prepareError(res, error);
    }

    /** Embeddings never stream ({@link EmbeddingInput} refuses it), so this is a chat stream. */
    @Override
    public StreamDialect stream(String requestId, long created, ChatRequest chat) {
        return new SseChunks(requestId, created, chat.includeUsage());
    }
}
