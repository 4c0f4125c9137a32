package dev.llmproxy.infrastructure.upstream.gemini;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.domain.upstream.TokenUsage;
import dev.llmproxy.application.proxy.OpenAiUsage;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class GeminiUsageTest {

    @Test
    void cachedContentIsThePromptsCachedPartAndTheClientSeesItAsOpenAiSaysIt() {
        TokenUsage u = GeminiUsage.of((JsonObject) JsonCodec.read("""
                {"promptTokenCount": 2006, "cachedContentTokenCount": 1920, "candidatesTokenCount": 250,
                 "thoughtsTokenCount": 50, "totalTokenCount": 2306}"""));
        assertThat(u).isEqualTo(new TokenUsage(2006, 300, 2306, 50, 1920));
        assertThat(OpenAiUsage.json(u)).isEqualTo(JsonCodec.read("""
                {"prompt_tokens": 2006, "completion_tokens": 300, "total_tokens": 2306,
                 "prompt_tokens_details": {"cached_tokens": 1920},
                 "completion_tokens_details": {"reasoning_tokens": 50}}"""));
    }
}
