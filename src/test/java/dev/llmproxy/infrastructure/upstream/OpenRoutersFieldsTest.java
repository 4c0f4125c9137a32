package dev.llmproxy.infrastructure.upstream;

import dev.llmproxy.infrastructure.upstream.openai.OpenAiWire;
import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.catalog.Provider;
import dev.llmproxy.domain.catalog.ProviderKind;
import dev.llmproxy.domain.upstream.UpstreamCall;
import dev.llmproxy.infrastructure.upstream.openrouter.OpenRouterVariant;
import dev.llmproxy.domain.config.Settings;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * OpenRouter's own fields reach only OpenRouter: a strict OpenAI-compatible server refuses prompt-cache marks and a
 * {@code reasoning} object, OpenRouter passes marks on to the models that cache by breakpoint.
 */
class OpenRoutersFieldsTest {

    private static final String MARKED = "{'model':'m','messages':[{'role':'system','content':[{'type':'text','text':"
            + "'Rules.','cache_control':{'type':'ephemeral'}}]},{'role':'assistant','content':'','tool_calls':[{'id':"
            + "'c1','type':'function','function':{'name':'f','arguments':'{}'},'cache_control':{'type':'ephemeral'}}]},"
            + "{'role':'tool','tool_call_id':'c1','content':[{'type':'text','text':'ok','cache_control':{'type':"
            + "'ephemeral'}}]}],'tools':[{'type':'function','function':{'name':'f'},'cache_control':{'type':'ephemeral'}}]}";

    private static UpstreamCall call(String chat) {
        return new UpstreamCall("req-1", new Provider("p", ProviderKind.OPENAI, URI.create("http://127.0.0.1:1/v1"),
                null), AllowedModel.of("m", "p", "m"), chat.replace('\'', '"').getBytes(StandardCharsets.UTF_8),
                Duration.ofSeconds(5));
    }

    private static String sent(ChatWire wire, String chat) {
        return new String(wire.request(call(chat), "k").body(), StandardCharsets.UTF_8);
    }

    @Test
    void anOpenAiCompatibleServerGetsTheRequestWithoutThemAndOtherwiseAsWritten() {
        String sent = sent(new OpenAiWire(), MARKED);
        assertThat(sent).doesNotContain("cache_control");
        assertThat(JsonCodec.read(sent)).isEqualTo(JsonCodec.read(MARKED.replace('\'', '"')
                .replace(",'cache_control':{'type':'ephemeral'}".replace('\'', '"'), "")));
    }

    @Test
    void anUnmarkedRequestIsSentAsTheSameBytes() {
        UpstreamCall plain = call("{'model':'m','messages':[{'role':'user','content':'Hi'}]}");
        assertThat(new OpenAiWire().request(plain, "k").body()).isSameAs(plain.body().bytes());
    }

    @Test
    void openRouterGetsThemAsSet() {
        OpenAiWire openRouter = new OpenAiWire(new OpenRouterVariant(Settings::defaults, Clock.systemUTC()));
        assertThat(JsonCodec.read(sent(openRouter, MARKED))).isEqualTo(JsonCodec.read(MARKED.replace('\'', '"')));
    }

    @Test
    void statedThinkingReachesAnOpenAiCompatibleServerAsItsEffortAndOpenRouterAsStated() {
        String stated = "{'model':'m','messages':[{'role':'user','content':'Hi'}],'reasoning':{'effort':'high'}}";
        String budget = "{'model':'m','messages':[{'role':'user','content':'Hi'}],'reasoning_effort':'low',"
                + "'reasoning':{'max_tokens':2048}}";
        OpenAiWire openRouter = new OpenAiWire(new OpenRouterVariant(Settings::defaults, Clock.systemUTC()));

        assertThat(JsonCodec.read(sent(new OpenAiWire(), stated))).isEqualTo(JsonCodec.read(
                "{'model':'m','messages':[{'role':'user','content':'Hi'}],'reasoning_effort':'high'}".replace('\'', '"')));
        assertThat(JsonCodec.read(sent(new OpenAiWire(), budget))).isEqualTo(JsonCodec.read(
                "{'model':'m','messages':[{'role':'user','content':'Hi'}],'reasoning_effort':'low'}".replace('\'', '"')));
        assertThat(JsonCodec.read(sent(openRouter, budget))).isEqualTo(JsonCodec.read(budget.replace('\'', '"')));
    }
}
