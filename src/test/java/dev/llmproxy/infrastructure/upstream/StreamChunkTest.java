package dev.llmproxy.infrastructure.upstream;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class StreamChunkTest {

    @Test
    void anythingButAJsonObjectIsMalformed() {
        assertThat(StreamChunk.read("{\"choices\":[{\"delta\":{\"content\":\"Hel")).isInstanceOf(StreamChunk.Malformed.class);
        assertThat(StreamChunk.read("[1,2]")).isInstanceOf(StreamChunk.Malformed.class);
        assertThat(StreamChunk.read("")).isInstanceOf(StreamChunk.Malformed.class);
    }

    @Test
    void anErrorObjectIsAnError() {
        StreamChunk read = StreamChunk.read("{\"error\":{\"code\":429,\"message\":\"slow down\"}}");
        assertThat(read).isInstanceOf(StreamChunk.Error.class);
        assertThat(((StreamChunk.Error) read).error().getString("message")).isEqualTo("slow down");
    }

    @Test
    void aContentChunkCarriesItsFields() {
        StreamChunk.Chunk c = (StreamChunk.Chunk) StreamChunk.read("{\"id\":\"x1\",\"model\":\"m-up\",\"choices\":"
                + "[{\"index\":0,\"delta\":{\"content\":\"Hi\"},\"finish_reason\":\"stop\"}]}");
        assertThat(c.id()).isEqualTo("x1");
        assertThat(c.model()).isEqualTo("m-up");
        assertThat(c.text()).isEqualTo("Hi");
        assertThat(c.finishReason()).isEqualTo("stop");
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
    void aUsageOnlyChunkHasNoDeltaAndABlankModelIsNone() {
        StreamChunk.Chunk c = (StreamChunk.Chunk) StreamChunk.read("{\"model\":\" \",\"choices\":[],"
                + "\"usage\":{\"prompt_tokens\":5,\"completion_tokens\":2,\"total_tokens\":7}}");
        assertThat(c.delta()).isNull();
        assertThat(c.model()).isNull();
        assertThat(c.usage().totalTokens()).isEqualTo(7);
        assertThat(c.usage().cachedPromptTokens()).isNull();
    }

    @Test
    void cachedPromptTokensAreReadFromThePromptDetails() {
        StreamChunk.Chunk c = (StreamChunk.Chunk) StreamChunk.read("{\"choices\":[],\"usage\":{\"prompt_tokens\":2006,"
                + "\"completion_tokens\":300,\"total_tokens\":2306,\"prompt_tokens_details\":{\"cached_tokens\":1920}}}");
        assertThat(c.usage().cachedPromptTokens()).isEqualTo(1920);
    }

    private static StreamChunk.Chunk chunk(String delta) {
        return (StreamChunk.Chunk) StreamChunk.read("{\"choices\":[{\"delta\":" + delta + "}]}");
    }
}
