package dev.llmproxy.application.proxy;

import dev.llmproxy.domain.failure.ProxyException;
import dev.llmproxy.domain.log.FrontDoor;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

class EmbeddingInputTest {

    private static ChatRequest parse(String json) {
        return EmbeddingInput.parse(json.replace('\'', '"').getBytes(StandardCharsets.UTF_8));
    }

    private static String refusedParam(String json) {
        return catchThrowableOfType(() -> parse(json), ProxyException.class).error().param();
    }

    @Test
    void aStringAListOfStringsAndTokenIdsAreInputs() {
        ChatRequest one = parse("{'model':'embed','input':'hello world'}");
        assertThat(one.door()).isEqualTo(FrontDoor.EMBEDDINGS);
        assertThat(one.embeddings()).isTrue();
        assertThat(one.stream()).isFalse();
        assertThat(one.promptChars()).isEqualTo(11);
        assertThat(one.promptTokenEstimate()).isEqualTo(6);
        assertThat(one.maxTokens()).isZero();
        assertThat(one.promptExcerpt(5)).isEqualTo("hello");
        ChatRequest many = parse("{'model':'embed','input':['ab','cd'],'dimensions':256,'encoding_format':'base64'}");
        assertThat(EmbeddingInput.inputs(many.body())).hasSize(2);
        ChatRequest tokens = parse("{'model':'embed','input':[[1,2,3],[4]]}");
        assertThat(tokens.promptTokenEstimate()).isEqualTo(4);
        assertThat(tokens.promptExcerpt(100)).isNull();
        assertThat(EmbeddingInput.inputs(parse("{'model':'embed','input':[1,2,3]}").body())).hasSize(1);
    }

    @Test
    void eachWrongFieldIsNamed() {
        assertThat(refusedParam("{'input':'x'}")).isEqualTo("model");
        assertThat(refusedParam("{'model':'e'}")).isEqualTo("input");
        assertThat(refusedParam("{'model':'e','input':[]}")).isEqualTo("input");
        assertThat(refusedParam("{'model':'e','input':''}")).isEqualTo("input");
        assertThat(refusedParam("{'model':'e','input':['ok','']}")).isEqualTo("input[1]");
        assertThat(refusedParam("{'model':'e','input':['ok',[1,-2]]}")).isEqualTo("input[1]");
        assertThat(refusedParam("{'model':'e','input':[{'text':'x'}]}")).isEqualTo("input[0]");
        assertThat(refusedParam("{'model':'e','input':'x','dimensions':0}")).isEqualTo("dimensions");
        assertThat(refusedParam("{'model':'e','input':'x','dimensions':1.5}")).isEqualTo("dimensions");
        assertThat(refusedParam("{'model':'e','input':'x','encoding_format':'int8'}")).isEqualTo("encoding_format");
        assertThat(refusedParam("{'model':'e','input':'x','stream':true}")).isEqualTo("stream");
        assertThat(refusedParam("{'model':'e','input':['x'," + "'y',".repeat(EmbeddingInput.MAX_INPUTS) + "'z']}"))
                .isEqualTo("input");
    }

    @Test
    void nullOptionsAreAbsent() {
        assertThat(parse("{'model':'e','input':'x','dimensions':null,'encoding_format':null,'stream':false}").model())
                .isEqualTo("e");
    }
}
