package dev.llmproxy.application.proxy;

import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.failure.ProxyException;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ChatRequestTest {

    private static ChatRequest parse(String json) {
        return ChatRequest.parse(json.getBytes(StandardCharsets.UTF_8));
    }

    private static String paramOf(String json) {
        try {
            parse(json);
            throw new AssertionError("accepted: " + json);
        } catch (ProxyException e) {
            return e.error().param();
        }
    }

    @Test
    void thePromptsSizeCountsToolsToolCallArgumentsAndImagesNotJustText() {
        ChatRequest plain = parse("{\"model\":\"m\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}");
        String args = "x".repeat(1000);
        ChatRequest rich = parse("{\"model\":\"m\",\"tools\":[{\"type\":\"function\",\"function\":{\"name\":\"f\","
                + "\"parameters\":{\"description\":\"" + "d".repeat(2000) + "\"}}}],\"messages\":["
                + "{\"role\":\"user\",\"content\":[{\"type\":\"text\",\"text\":\"hi\"},"
                + "{\"type\":\"image_url\",\"image_url\":{\"url\":\"data:image/png;base64,AAAA\"}}]},"
                + "{\"role\":\"assistant\",\"content\":null,\"tool_calls\":[{\"id\":\"c1\",\"type\":\"function\","
                + "\"function\":{\"name\":\"f\",\"arguments\":\"" + args + "\"}}]},"
                + "{\"role\":\"tool\",\"tool_call_id\":\"c1\",\"content\":\"ok\"}]}");
        assertThat(plain.promptChars()).isEqualTo(2);
        // text 4, an image 3,200, the call's name and arguments 1,001, the tool's schema over 2,000
        assertThat(rich.promptChars()).isGreaterThan(2 + 3_200 + 1_001 + 2_000);
        assertThat(rich.promptTokenEstimate()).isGreaterThan(rich.promptChars() / 2);
    }

    @Test
    void acceptsAnOpenAiRequestAndKeepsFieldsItDoesNotInterpret() {
        ChatRequest r = parse("{\"model\":\"fast\",\"temperature\":0.2,\"messages\":[{\"role\":\"system\",\"content\":\"be brief\"},"
                + "{\"role\":\"user\",\"content\":[{\"type\":\"text\",\"text\":\"hi\"}]},{\"role\":\"assistant\",\"content\":null}]}");
        assertThat(r.model()).isEqualTo("fast");
        assertThat(r.stream()).isFalse();
        byte[] rendered = new OpenAiPayload(r).bodyFor(AllowedModel.of("fast-1", "p", "vendor/model-x")).bytes();
        String body = new String(rendered, StandardCharsets.UTF_8);
        assertThat(body).contains("\"model\":\"vendor/model-x\"", "\"temperature\":0.2", "be brief");
    }

    @Test
    void streamingAsksForUsageAndContinuationAppendsThePartialAnswerAsPrefill() {
        ChatRequest r = parse("{\"model\":\"fast\",\"stream\":true,\"stream_options\":{\"x\":1},"
                + "\"messages\":[{\"role\":\"user\",\"content\":\"count to five\"}]}");
        assertThat(r.stream()).isTrue();
        assertThat(r.includeUsage()).isFalse();
        assertThat(r.promptChars()).isEqualTo(13);
        OpenAiPayload payload = new OpenAiPayload(r);
        String first = new String(payload.bodyFor(AllowedModel.of("a", "p", "up-a")).bytes(), StandardCharsets.UTF_8);
        assertThat(first).contains("\"include_usage\":true", "\"x\":1", "\"stream\":true");
        String next = new String(payload.continuationFor(AllowedModel.of("b", "p", "up-b"), "one, two,").bytes(),
                StandardCharsets.UTF_8);
        assertThat(next).contains("\"model\":\"up-b\"",
                "{\"role\":\"user\",\"content\":\"count to five\"},{\"role\":\"assistant\",\"content\":\"one, two,\"}");
    }

    @Test
    void namesTheFieldAtFault() {
        assertThat(paramOf("{\"messages\":[{\"role\":\"user\",\"content\":\"x\"}]}")).isEqualTo("model");
        assertThat(paramOf("{\"model\":\"  \",\"messages\":[{\"role\":\"user\",\"content\":\"x\"}]}")).isEqualTo("model");
        assertThat(paramOf("{\"model\":\"m\",\"messages\":[]}")).isEqualTo("messages");
        assertThat(paramOf("{\"model\":\"m\",\"reasoning_effort\":\"extreme\",\"messages\":[{\"role\":\"user\",\"content\":\"x\"}]}"))
                .isEqualTo("reasoning_effort");
        assertThat(paramOf("{\"model\":\"m\",\"reasoning_effort\":3,\"messages\":[{\"role\":\"user\",\"content\":\"x\"}]}"))
                .isEqualTo("reasoning_effort");
        assertThat(paramOf("{\"model\":\"m\",\"reasoning\":\"high\",\"messages\":[{\"role\":\"user\",\"content\":\"x\"}]}"))
                .isEqualTo("reasoning");
        assertThat(paramOf("{\"model\":\"m\",\"reasoning\":{\"max_tokens\":-1},\"messages\":[{\"role\":\"user\",\"content\":\"x\"}]}"))
                .isEqualTo("reasoning.max_tokens");
        assertThat(paramOf("{\"model\":\"m\",\"reasoning\":{\"effort\":\"lots\"},\"messages\":[{\"role\":\"user\",\"content\":\"x\"}]}"))
                .isEqualTo("reasoning.effort");
        assertThat(paramOf("{\"model\":\"m\",\"messages\":[1]}")).isEqualTo("messages[0]");
        assertThat(paramOf("{\"model\":\"m\",\"messages\":[{\"content\":\"x\"}]}")).isEqualTo("messages[0].role");
        assertThat(paramOf("{\"model\":\"m\",\"messages\":[{\"role\":\"user\",\"content\":5}]}")).isEqualTo("messages[0].content");
        assertThat(paramOf("{\"model\":\"m\",\"stream\":\"yes\",\"messages\":[{\"role\":\"user\",\"content\":\"x\"}]}")).isEqualTo("stream");
    }

    @Test
    void invalidJsonSaysWhere() {
        assertThatThrownBy(() -> parse("{\"model\":")).hasMessageContaining("not valid JSON");
        assertThatThrownBy(() -> parse("[1,2]")).hasMessageContaining("JSON object");
    }

    @Test
    void aChatIsDeterministicAtTemperatureZeroOrWithASeed() {
        String messages = "\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]";
        assertThat(parse("{\"model\":\"m\"," + messages + "}").deterministic()).isFalse();
        assertThat(parse("{\"model\":\"m\",\"temperature\":0," + messages + "}").deterministic()).isTrue();
        assertThat(parse("{\"model\":\"m\",\"temperature\":0.0," + messages + "}").deterministic()).isTrue();
        assertThat(parse("{\"model\":\"m\",\"temperature\":0.2," + messages + "}").deterministic()).isFalse();
        assertThat(parse("{\"model\":\"m\",\"seed\":42," + messages + "}").deterministic()).isTrue();
        assertThat(parse("{\"model\":\"m\",\"seed\":4.5," + messages + "}").deterministic()).isFalse();
    }
}
