package dev.llmproxy.infrastructure.upstream.anthropic;

import dev.llmproxy.application.proxy.ChatAnswers;
import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.upstream.UpstreamCall;
import dev.llmproxy.domain.upstream.UpstreamReply;
import dev.llmproxy.testing.RecordedBodies;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/** A model that caches its prompts marks the tools and the system prompt; what it writes to the cache is counted. */
class AnthropicCachingTest {

    private static final String CHAT = "{'model':'c','messages':[{'role':'system','content':'You read contracts.'},"
            + "{'role':'user','content':'When does it renew?'}],'tools':[{'type':'function','function':{'name':'a'}},"
            + "{'type':'function','function':{'name':'b'}}]}";

    private static UpstreamCall call(boolean caching) {
        AllowedModel model = new AllowedModel("c", "anthropic", "claude-sonnet-4-5", "claude", true, false, null, null,
                false, new BigDecimal("3"), new BigDecimal("15"), null, null, null, new BigDecimal("0.3"), null,
                new BigDecimal("3.75"), caching);
        return new UpstreamCall("req-1", AnthropicCalls.ANTHROPIC, model,
                CHAT.replace('\'', '"').getBytes(StandardCharsets.UTF_8), Duration.ofSeconds(5));
    }

    @Test
    void theLastToolAndTheSystemPromptCarryACacheBreakpoint() {
        JsonObject body = AnthropicWire.body(call(true));
        assertThat(body.getJsonArray("system")).isEqualTo(JsonCodec.read(
                "[{\"type\":\"text\",\"text\":\"You read contracts.\",\"cache_control\":{\"type\":\"ephemeral\"}}]"));
        assertThat(body.getJsonArray("tools").getJsonObject(0)).doesNotContainKey("cache_control");
        assertThat(body.getJsonArray("tools").getJsonObject(1).getJsonObject("cache_control").getString("type"))
                .isEqualTo("ephemeral");
    }

    @Test
    void aModelThatDoesNotCacheSendsItsPromptPlain() {
        JsonObject body = AnthropicWire.body(call(false));
        assertThat(body.getString("system")).isEqualTo("You read contracts.");
        assertThat(body.toString()).doesNotContain("cache_control");
    }

    @Test
    void cacheWritesArePartOfThePromptAndSaidApart() {
        UpstreamReply reply = new AnthropicWire(Clock.systemUTC()).answer(call(true),
                RecordedBodies.body("anthropic", "answer-cache-write.json").getBytes(StandardCharsets.UTF_8));
        assertThat(reply).isInstanceOfSatisfying(UpstreamReply.Completed.class, c -> {
            assertThat(c.usage().promptTokens()).isEqualTo(14 + 2048);
            assertThat(c.usage().cacheWriteTokens()).isEqualTo(2048);
            assertThat(c.usage().cachedPromptTokens()).isZero();
            assertThat(((JsonObject) JsonCodec.read(ChatAnswers.body(c))).getJsonObject("usage")
                    .getJsonObject("prompt_tokens_details").getInt("cache_write_tokens")).isEqualTo(2048);
        });
    }
}
