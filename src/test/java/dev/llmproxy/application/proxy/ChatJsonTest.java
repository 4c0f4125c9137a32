package dev.llmproxy.application.proxy;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.upstream.RequestBody;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

class ChatJsonTest {

    private static final JsonObject CHAT = (JsonObject) JsonCodec.read(
            "{\"model\":\"fast\",\"messages\":[{\"role\":\"user\",\"content\":\"Hi\"}]}");

    @Test
    void aTranslatingWireGetsTheObjectTheProxyBuiltNotItsBytesReadBack() {
        RequestBody body = new OpenAiPayload(new ChatRequest(CHAT, "fast", false))
                .bodyFor(AllowedModel.of("a", "p", "up-a"));
        JsonObject held = ChatJson.of(body);
        assertThat(ChatJson.of(body)).isSameAs(held);
        assertThat(held.getString("model")).isEqualTo("up-a");
    }

    @Test
    void aWireThatSendsTheRequestAsItIsGetsItWrittenOnceForEveryAttempt() {
        OpenAiPayload payload = new OpenAiPayload(new ChatRequest(CHAT, "fast", false));
        RequestBody first = payload.bodyFor(AllowedModel.of("a", "p", "up-a"));
        byte[] bytes = first.bytes();
        assertThat(payload.bodyFor(AllowedModel.of("a", "p", "up-a")).bytes()).isSameAs(bytes); // a retry
        assertThat(new String(bytes, StandardCharsets.UTF_8)).contains("\"model\":\"up-a\"");
        assertThat(payload.bodyFor(AllowedModel.of("b", "p", "up-b")).bytes()).isNotSameAs(bytes);
    }

    @Test
    void aBodyThatCameAsBytesIsReadWhenAWireNeedsTheObject() {
        RequestBody raw = RequestBody.of(CHAT.toString().getBytes(StandardCharsets.UTF_8));
        assertThat(ChatJson.of(raw)).isEqualTo(CHAT);
    }
}
