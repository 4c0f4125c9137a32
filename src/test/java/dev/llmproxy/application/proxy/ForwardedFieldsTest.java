package dev.llmproxy.application.proxy;

import dev.llmproxy.domain.failure.ErrorKind;
import dev.llmproxy.domain.failure.ProxyException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/** Only what the proxy decided goes upstream: a caller cannot pick the model, the price or the provider's data. */
class ForwardedFieldsTest {

    private static final String MESSAGES = "\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]";

    private static ProxyException refusal(String extra) {
        byte[] body = ("{\"model\":\"free\"," + MESSAGES + "," + extra + "}").getBytes(StandardCharsets.UTF_8);
        ProxyException e = catchThrowableOfType(() -> ChatRequest.parse(body), ProxyException.class);
        assertThat(e).as(extra).isNotNull();
        assertThat(e.error().kind()).isEqualTo(ErrorKind.BAD_REQUEST);
        return e;
    }

    private static ChatRequest accepted(String extra) {
        return ChatRequest.parse(("{\"model\":\"free\"," + MESSAGES + "," + extra + "}").getBytes(StandardCharsets.UTF_8));
    }

    @ParameterizedTest
    @ValueSource(strings = {"\"models\":[\"openai/gpt-5\"]", "\"route\":\"fallback\"", "\"provider\":{\"order\":[\"x\"]}",
            "\"plugins\":[{\"id\":\"web\"}]", "\"n\":5", "\"service_tier\":\"priority\"", "\"store\":true",
            "\"data_sources\":[{\"type\":\"azure_search\"}]", "\"web_search_options\":{}", "\"audio\":{\"voice\":\"x\"}",
            "\"modalities\":[\"text\",\"audio\"]", "\"transforms\":[\"middle-out\"]", "\"unheard_of\":1"})
    void fieldsThatDecideWhoAnswersOrWhatIsBilledAreRefusedByName(String field) {
        ProxyException e = refusal(field);
        String name = field.substring(1, field.indexOf('"', 1));
        assertThat(e.error().param()).isEqualTo(name);
        assertThat(e.error().message()).startsWith("'" + name + "'");
    }

    @Test
    void theOneValueThatChangesNothingIsAccepted() {
        ChatRequest r = accepted("\"n\":1,\"service_tier\":\"auto\",\"store\":false,\"modalities\":[\"text\"],"
                + "\"temperature\":0,\"top_k\":5,\"reasoning\":{\"effort\":\"low\"},\"user\":\"u1\",\"seed\":3");
        assertThat(r.body().getInt("n")).isEqualTo(1);
        assertThat(accepted("\"n\":null,\"service_tier\":null").model()).isEqualTo("free");
    }

    @Test
    void anOverlongUnknownNameIsShortenedInTheAnswer() {
        String name = "x".repeat(5000);
        ProxyException e = refusal("\"" + name + "\":1");
        assertThat(e.error().message()).hasSizeLessThan(200);
    }

    @Test
    void embeddingsForwardOnlyTheirOwnFields() {
        byte[] ok = "{\"model\":\"e\",\"input\":\"x\",\"dimensions\":8,\"user\":\"u\"}".getBytes(StandardCharsets.UTF_8);
        assertThat(EmbeddingInput.parse(ok).model()).isEqualTo("e");
        byte[] extra = "{\"model\":\"e\",\"input\":\"x\",\"provider\":{\"order\":[\"x\"]}}".getBytes(StandardCharsets.UTF_8);
        assertThatThrownBy(() -> EmbeddingInput.parse(extra)).isInstanceOfSatisfying(ProxyException.class,
                e -> assertThat(e.error().param()).isEqualTo("provider"));
    }
}
