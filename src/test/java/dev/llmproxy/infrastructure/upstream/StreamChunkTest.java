package dev.llmproxy.infrastructure.upstream;

import dev.llmproxy.domain.answer.Finish;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class StreamChunkTest {

    @Test
    void anythingButAJsonObjectIsMalformed() {
        assertThat(StreamChunk.read("{\"choices\":[{\"delta\":{\"content\":\"Hel", true)).isInstanceOf(StreamChunk.Malformed.class);
        assertThat(StreamChunk.read("[1,2]", true)).isInstanceOf(StreamChunk.Malformed.class);
        assertThat(StreamChunk.read("", true)).isInstanceOf(StreamChunk.Malformed.class);
    }

    @Test
    void anErrorObjectIsAnError() {
        StreamChunk read = StreamChunk.read("{\"error\":{\"code\":429,\"message\":\"slow down\"}}", true);
        assertThat(read).isInstanceOf(StreamChunk.Error.class);
        assertThat(((StreamChunk.Error) read).error().getString("message")).isEqualTo("slow down");
    }

    @Test
    void aContentChunkCarriesItsFields() {
        StreamChunk.Chunk c = (StreamChunk.Chunk) StreamChunk.read("{\"id\":\"x1\",\"model\":\"m-up\",\"choices\":"
                + "[{\"index\":0,\"delta\":{\"content\":\"Hi\"},\"finish_reason\":\"stop\"}]}", true);
        assertThat(c.id()).isEqualTo("x1");
        assertThat(c.model()).isEqualTo("m-up");
        assertThat(c.text()).isEqualTo("Hi");
        assertThat(c.finish()).isEqualTo(Finish.STOP);
        assertThat(c.usage()).isNull();
        assertThat(c.carriesContent()).isTrue();
    }

    @Test
    void aRoleOnlyOpeningShowsNothingButToolCallsAndReasoningDo() {
        assertThat(chunk("{\"role\":\"assistant\",\"content\":\"\"}").carriesContent()).isFalse();
        assertThat(chunk("{\"reasoning\":\"\"}").carriesContent()).isFalse();
        assertThat(chunk("{\"tool_calls\":[{\"index\":0}]}").carriesContent()).isTrue();
        assertThat(chunk("{\"reasoning_content\":\"thinking\"}").carriesContent()).isTrue();
        assertThat(chunk("{\"refusal\":\"no\"}").carriesContent()).isTrue();
    }

    @Test
    void aChatDeltaIsKeptAsItCameBesideWhatItSaysTyped() {
        StreamChunk.Chunk c = (StreamChunk.Chunk) StreamChunk.read("{\"choices\":[{\"index\":0,\"delta\":"
                + "{\"content\":\"Hi\",\"annotations\":[{\"type\":\"url_citation\"}],\"tool_calls\":[{\"index\":1,"
                + "\"id\":\"call_9\",\"function\":{\"name\":\"f\",\"arguments\":\"{\\\"a\\\"\"}}]}}]}", true);
        assertThat(c.chatChoice()).contains("\"annotations\":[{\"type\":\"url_citation\"}]");
        // for a caller of another dialect it is not written at all
        assertThat(((StreamChunk.Chunk) StreamChunk.read("{\"choices\":[{\"delta\":{\"content\":\"Hi\"}}]}", false))
                .chatChoice()).isNull();
        assertThat(c.parts().toolCalls()).singleElement().satisfies(f -> {
            assertThat(f.index()).isEqualTo(1);
            assertThat(f.id()).isEqualTo("call_9");
            assertThat(f.arguments()).isEqualTo("{\"a\"");
        });
        // the functions API's call before tools: a tool call too, relayed as it came
        StreamChunk.Chunk legacy = chunk("{\"function_call\":{\"name\":\"f\",\"arguments\":\"\"}}");
        assertThat(legacy.carriesContent()).isTrue();
        assertThat(legacy.parts().toolCalls()).extracting(f -> f.name()).containsExactly("f");
    }

    @Test
    void aUsageOnlyChunkHasNoDeltaAndABlankModelIsNone() {
        StreamChunk.Chunk c = (StreamChunk.Chunk) StreamChunk.read("{\"model\":\" \",\"choices\":[],"
                + "\"usage\":{\"prompt_tokens\":5,\"completion_tokens\":2,\"total_tokens\":7}}", true);
        assertThat(c.choice()).isFalse();
        assertThat(c.model()).isNull();
        assertThat(c.usage().totalTokens()).isEqualTo(7);
        assertThat(c.usage().cachedPromptTokens()).isNull();
    }

    @Test
    void cachedPromptTokensAreReadFromThePromptDetails() {
        StreamChunk.Chunk c = (StreamChunk.Chunk) StreamChunk.read("{\"choices\":[],\"usage\":{\"prompt_tokens\":2006,"
                + "\"completion_tokens\":300,\"total_tokens\":2306,\"prompt_tokens_details\":{\"cached_tokens\":1920}}}", true);
        assertThat(c.usage().cachedPromptTokens()).isEqualTo(1920);
    }

    private static StreamChunk.Chunk chunk(String delta) {
        return (StreamChunk.Chunk) StreamChunk.read("{\"choices\":[{\"delta\":" + delta + "}]}", true);
    }
}
