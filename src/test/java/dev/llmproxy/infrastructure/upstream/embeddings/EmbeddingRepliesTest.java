package dev.llmproxy.infrastructure.upstream.embeddings;

import dev.llmproxy.domain.answer.Finish;
import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.catalog.Provider;
import dev.llmproxy.domain.catalog.ProviderKind;
import dev.llmproxy.domain.failure.FailureKind;
import dev.llmproxy.domain.upstream.UpstreamCall;
import dev.llmproxy.domain.upstream.UpstreamReply;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** One vector per input, each of the expected length, in the encoding asked for; or the attempt is malformed. */
class EmbeddingRepliesTest {

    private static final AllowedModel MODEL = new AllowedModel("small", "p", "te3-small", null, true, false, null,
            null, false, null, null, null, null, null, null, "te3-small@3");

    static UpstreamCall call(String request) {
        return new UpstreamCall("req-1", new Provider("p", ProviderKind.OPENAI, URI.create("http://h/v1"), null),
                MODEL, request.replace('\'', '"').getBytes(StandardCharsets.UTF_8), Duration.ofSeconds(5));
    }

    private static byte[] body(String json) {
        return json.replace('\'', '"').getBytes(StandardCharsets.UTF_8);
    }

    private static String failure(UpstreamReply reply) {
        assertThat(reply).isInstanceOf(UpstreamReply.Failed.class);
        assertThat(((UpstreamReply.Failed) reply).kind()).isEqualTo(FailureKind.MALFORMED);
        return ((UpstreamReply.Failed) reply).detail();
    }

    @Test
    void aWholeAnswerIsRelayedWithItsUsage() {
        byte[] answer = body("{'object':'list','model':'te3-small','data':[{'object':'embedding','index':0,"
                + "'embedding':[0.1,0.2,0.3]},{'object':'embedding','index':1,'embedding':[1,2,3]}],"
                + "'usage':{'prompt_tokens':7,'total_tokens':7}}");
        UpstreamReply reply = EmbeddingReplies.checked(call("{'model':'te3-small','input':['a','b']}"), answer);
        UpstreamReply.Completed c = (UpstreamReply.Completed) reply;
        assertThat(c.vectors().json()).isEqualTo(answer);
        assertThat(c.usage().promptTokens()).isEqualTo(7);
        assertThat(c.usage().completionTokens()).isZero();
        assertThat(c.finish()).isNull();
    }

    @Test
    void aMissingModelOrUsageIsFilledIn() {
        UpstreamReply reply = EmbeddingReplies.checked(call("{'model':'te3-small','input':'abcdefgh'}"),
                body("{'data':[{'embedding':[0.1,0.2,0.3]}]}"));
        JsonObject sent = (JsonObject) JsonCodec.read(((UpstreamReply.Completed) reply).vectors().json());
        assertThat(sent.getString("model")).isEqualTo("te3-small");
        assertThat(sent.getJsonObject("usage").getInt("prompt_tokens")).isEqualTo(2);
    }

    @Test
    void aShortWrongOrMisorderedAnswerIsMalformed() {
        UpstreamCall two = call("{'model':'te3-small','input':['a','b']}");
        assertThat(failure(EmbeddingReplies.checked(two, body("{'data':[{'embedding':[1,2,3]}]}"))))
                .isEqualTo("1 vectors for 2 inputs");
        assertThat(failure(EmbeddingReplies.checked(two, body("{'data':[{'embedding':[1,2,3]},{'embedding':[1,2]}]}"))))
                .isEqualTo("vector 1 has 2 dimensions; expected 3");
        assertThat(failure(EmbeddingReplies.checked(two, body("{'data':[{'index':1,'embedding':[1,2,3]},"
                + "{'index':0,'embedding':[1,2,3]}]}")))).contains("index 1");
        assertThat(failure(EmbeddingReplies.checked(two, body("{'data':[{'embedding':[1,2,3]},"
                + "{'embedding':'AAAA'}]}")))).contains("encoding");
        assertThat(failure(EmbeddingReplies.checked(two, body("{'data':[{'embedding':[1,2,3]},"
                + "{'embedding':[1,'x',3]}]}")))).contains("other than numbers");
        assertThat(failure(EmbeddingReplies.checked(two, body("{'error':{'message':'x'}}")))).contains("error");
        assertThat(failure(EmbeddingReplies.checked(two, body("{'data':[{'embedding':[1,2")))).contains("complete");
    }

    @Test
    void dimensionsAskedForAreTheLengthExpected() {
        UpstreamCall asked = call("{'model':'te3-small','input':'a','dimensions':2}");
        assertThat(EmbeddingReplies.checked(asked, body("{'data':[{'embedding':[1,2]}],'model':'m',"
                + "'usage':{'prompt_tokens':1}}"))).isInstanceOf(UpstreamReply.Completed.class);
        assertThat(failure(EmbeddingReplies.checked(asked, body("{'data':[{'embedding':[1,2,3]}]}"))))
                .contains("expected 2");
    }

    @Test
    void base64IsLittleEndianFloat32BothWays() {
        UpstreamCall base64 = call("{'model':'te3-small','input':['a'],'encoding_format':'base64'}");
        JsonArray numbers = JsonCodec.array(List.of(0.5, -1.25, 3.0)).build();
        UpstreamReply.Completed built = (UpstreamReply.Completed) EmbeddingReplies.built(base64, List.of(numbers), 4);
        JsonObject sent = (JsonObject) JsonCodec.read(built.vectors().json());
        String encoded = sent.getJsonArray("data").getJsonObject(0).getString("embedding");
        ByteBuffer b = ByteBuffer.wrap(Base64.getDecoder().decode(encoded)).order(ByteOrder.LITTLE_ENDIAN);
        assertThat(new float[] {b.getFloat(), b.getFloat(), b.getFloat()}).containsExactly(0.5f, -1.25f, 3.0f);
        assertThat(sent.getJsonObject("usage").getInt("prompt_tokens")).isEqualTo(4);
        assertThat(EmbeddingReplies.checked(base64, built.vectors().json())).isInstanceOf(UpstreamReply.Completed.class);
        assertThat(failure(EmbeddingReplies.checked(base64, body("{'data':[{'embedding':'AAAAAAAAAAA='}]}"))))
                .contains("2 dimensions");
        assertThat(failure(EmbeddingReplies.checked(base64, body("{'data':[{'embedding':'!!'}]}"))))
                .contains("not base64");
    }

    @Test
    void aTranslatedAnswerShortOfAVectorIsMalformedToo() {
        UpstreamCall two = call("{'model':'te3-small','input':['a','b']}");
        assertThat(failure(EmbeddingReplies.built(two, List.of(JsonCodec.array(List.of(1, 2, 3)).build()), null)))
                .isEqualTo("1 vectors for 2 inputs");
    }
}
