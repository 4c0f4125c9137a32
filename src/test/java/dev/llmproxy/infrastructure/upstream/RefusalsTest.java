package dev.llmproxy.infrastructure.upstream;

import dev.llmproxy.domain.answer.Finish;
import dev.llmproxy.infrastructure.upstream.openai.OpenAiWire;
import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.catalog.Provider;
import dev.llmproxy.domain.catalog.ProviderKind;
import dev.llmproxy.domain.config.Settings;
import dev.llmproxy.domain.failure.Outcome;
import dev.llmproxy.domain.failure.Verdict;
import dev.llmproxy.domain.routing.OutcomeClassifier;
import dev.llmproxy.domain.streaming.Backpressure;
import dev.llmproxy.domain.streaming.StreamEvent;
import dev.llmproxy.domain.upstream.UpstreamCall;
import dev.llmproxy.domain.upstream.UpstreamReply;
import dev.llmproxy.infrastructure.upstream.anthropic.AnthropicWire;
import dev.llmproxy.infrastructure.upstream.azure.AzureVariant;
import dev.llmproxy.infrastructure.upstream.bedrock.BedrockWire;
import dev.llmproxy.infrastructure.upstream.gemini.GeminiWire;
import dev.llmproxy.infrastructure.upstream.openrouter.OpenRouterVariant;
import dev.llmproxy.infrastructure.upstream.vertex.VertexWire;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A content refusal of every provider kind, plain and streamed, before and after content, ends the same way: a
 * plain answer and a stream refused before any content are the content-policy refusal (stopped, or routed around
 * when the operator asks), and a stream refused after content has reached the caller ends with OpenAI's
 * {@code content_filter} finish and is logged as refused, never as an empty success.
 */
class RefusalsTest {

    private static final Clock CLOCK = Clock.systemUTC();

    /**
     * One kind's refusal in its own words.
     *
     * @param before a stream refused before any content (each element one event's data)
     * @param after  a stream refused after some content ("Sure, ")
     */
    record Kind(String name, ChatWire wire, ProviderKind kind, String upstreamModel, String plain,
                List<String> before, List<String> after) {
        @Override
        public String toString() {
            return name;
        }
    }

    private static final String OPENAI_PLAIN = "{'id':'c','object':'chat.completion','model':'gpt-4o','choices':[{"
            + "'index':0,'message':{'role':'assistant','content':null},'finish_reason':'content_filter'}],"
            + "'usage':{'prompt_tokens':9,'completion_tokens':0,'total_tokens':9}}";
    private static final String OPENAI_OPEN = "{'id':'c','object':'chat.completion.chunk','model':'gpt-4o','choices':"
            + "[{'index':0,'delta':{'role':'assistant','content':''},'finish_reason':null}]}";
    private static final String OPENAI_TEXT = "{'id':'c','object':'chat.completion.chunk','model':'gpt-4o','choices':"
            + "[{'index':0,'delta':{'content':'Sure, '},'finish_reason':null}]}";
    private static final String OPENAI_FILTER = "{'id':'c','object':'chat.completion.chunk','model':'gpt-4o','choices':"
            + "[{'index':0,'delta':{},'finish_reason':'content_filter','content_filter_results':{}}]}";

    private static final String CLAUDE_PLAIN = "{'id':'msg_1','type':'message','role':'assistant','model':"
            + "'claude-sonnet-4-5','content':[],'stop_reason':'refusal','usage':{'input_tokens':9,'output_tokens':0}}";
    private static final String CLAUDE_START = "{'type':'message_start','message':{'id':'msg_1','type':'message',"
            + "'role':'assistant','model':'claude-sonnet-4-5','content':[],'usage':{'input_tokens':9,'output_tokens':1}}}";
    private static final List<String> CLAUDE_TEXT = List.of(
            "{'type':'content_block_start','index':0,'content_block':{'type':'text','text':''}}",
            "{'type':'content_block_delta','index':0,'delta':{'type':'text_delta','text':'Sure, '}}",
            "{'type':'content_block_stop','index':0}");
    private static final String CLAUDE_REFUSED = "{'type':'message_delta','delta':{'stop_reason':'refusal'},"
            + "'usage':{'output_tokens':3}}";
    private static final String CLAUDE_STOP = "{'type':'message_stop'}";

    private static final String GEMINI_PLAIN = "{'candidates':[{'content':{'role':'model','parts':[]},"
            + "'finishReason':'SAFETY','index':0}],'usageMetadata':{'promptTokenCount':9,'totalTokenCount':9}}";
    private static final String GEMINI_TEXT = "{'candidates':[{'content':{'role':'model','parts':[{'text':'Sure, '}]},"
            + "'index':0}]}";
    private static final String GEMINI_SAFETY = "{'candidates':[{'content':{'role':'model','parts':[]},"
            + "'finishReason':'SAFETY','index':0}],'usageMetadata':{'promptTokenCount':9,'totalTokenCount':9}}";

    private static final String CONVERSE_PLAIN = "{'output':{'message':{'role':'assistant','content':[]}},"
            + "'stopReason':'content_filtered','usage':{'inputTokens':9,'outputTokens':0,'totalTokens':9}}";
    private static final String CONVERSE_START = "{'messageStart':{'role':'assistant'}}";
    private static final List<String> CONVERSE_TEXT = List.of(
            "{'contentBlockDelta':{'contentBlockIndex':0,'delta':{'text':'Sure, '}}}",
            "{'contentBlockStop':{'contentBlockIndex':0}}");
    private static final String CONVERSE_FILTERED = "{'messageStop':{'stopReason':'content_filtered'}}";
    private static final String CONVERSE_METADATA = "{'metadata':{'usage':{'inputTokens':9,'outputTokens':3}}}";

    static Stream<Kind> kinds() {
        List<String> openAiBefore = List.of(OPENAI_OPEN, OPENAI_FILTER, "[DONE]");
        List<String> openAiAfter = List.of(OPENAI_OPEN, OPENAI_TEXT, OPENAI_FILTER, "[DONE]");
        List<String> claudeBefore = List.of(CLAUDE_START, CLAUDE_REFUSED, CLAUDE_STOP);
        List<String> claudeAfter = concat(List.of(CLAUDE_START), CLAUDE_TEXT, List.of(CLAUDE_REFUSED, CLAUDE_STOP));
        return Stream.of(
                new Kind("openai", new OpenAiWire(), ProviderKind.OPENAI, "gpt-4o", OPENAI_PLAIN, openAiBefore,
                        openAiAfter),
                new Kind("openrouter", new OpenAiWire(new OpenRouterVariant(Settings::defaults, CLOCK)), ProviderKind.OPENROUTER,
                        "openai/gpt-4o", OPENAI_PLAIN, openAiBefore, openAiAfter),
                new Kind("azure-openai", new OpenAiWire(new AzureVariant()), ProviderKind.AZURE_OPENAI, "gpt-4o-prod", OPENAI_PLAIN,
                        openAiBefore, openAiAfter),
                new Kind("anthropic", new AnthropicWire(CLOCK), ProviderKind.ANTHROPIC, "claude-sonnet-4-5",
                        CLAUDE_PLAIN, claudeBefore, claudeAfter),
                new Kind("vertex (Claude)", new VertexWire(CLOCK), ProviderKind.VERTEX, "claude-sonnet-4-5@20250929",
                        CLAUDE_PLAIN, claudeBefore, claudeAfter),
                new Kind("vertex (Gemini)", new VertexWire(CLOCK), ProviderKind.VERTEX, "gemini-2.5-flash",
                        GEMINI_PLAIN, List.of(GEMINI_SAFETY), List.of(GEMINI_TEXT, GEMINI_SAFETY)),
                new Kind("gemini", new GeminiWire(CLOCK), ProviderKind.GEMINI, "gemini-2.5-flash", GEMINI_PLAIN,
                        List.of(GEMINI_SAFETY), List.of(GEMINI_TEXT, GEMINI_SAFETY)),
                new Kind("bedrock", new BedrockWire(CLOCK), ProviderKind.BEDROCK,
                        "eu.anthropic.claude-sonnet-4-5-20250929-v1:0", CONVERSE_PLAIN,
                        List.of(CONVERSE_START, CONVERSE_FILTERED, CONVERSE_METADATA),
                        concat(List.of(CONVERSE_START), CONVERSE_TEXT, List.of(CONVERSE_FILTERED, CONVERSE_METADATA))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void aPlainRefusalIsTheContentPolicyRefusal(Kind kind) {
        UpstreamReply reply = kind.wire().answer(call(kind, null), json(kind.plain()).getBytes(StandardCharsets.UTF_8));

        assertThat(verdict(reply).outcome()).isEqualTo(Outcome.CONTENT_REFUSED);
        assertThat(verdict(reply).action()).isEqualTo(Verdict.Action.STOP);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void aStreamRefusedBeforeAnyContentIsTheContentPolicyRefusalAndShowsNothing(Kind kind) {
        List<StreamEvent> shown = new ArrayList<>();
        UpstreamReply reply = streamed(kind, kind.before(), shown);

        assertThat(shown).isEmpty();
        assertThat(verdict(reply).outcome()).isEqualTo(Outcome.CONTENT_REFUSED);
        assertThat(verdict(reply).action()).isEqualTo(Verdict.Action.STOP);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void aStreamRefusedAfterContentEndsWithARefusingFinishAndIsLoggedAsRefused(Kind kind) {
        List<StreamEvent> shown = new ArrayList<>();
        UpstreamReply reply = streamed(kind, kind.after(), shown);

        assertThat(shown).extracting(StreamEvent::text).contains("Sure, ");
        // a provider's filter or the model's own refusal (Claude's), which a chat caller is told as content_filter
        Finish finish = shown.get(shown.size() - 1).finish();
        assertThat(finish.refused()).isTrue();
        assertThat(finish.chat()).isEqualTo("content_filter");
        assertThat(reply).isInstanceOfSatisfying(UpstreamReply.StreamEnded.class,
                e -> assertThat(e.finish()).isEqualTo(finish));
        assertThat(verdict(reply).outcome()).isEqualTo(Outcome.CONTENT_REFUSED);
        assertThat(verdict(reply).action()).isEqualTo(Verdict.Action.SUCCEED); // what the caller saw stands
    }

    private static UpstreamReply streamed(Kind kind, List<String> events, List<StreamEvent> shown) {
        UpstreamCall call = call(kind, (event, valve) -> shown.add(event));
        StreamTally tally = new StreamTally(kind.upstreamModel());
        java.util.concurrent.atomic.AtomicReference<UpstreamReply> ending = new java.util.concurrent.atomic.AtomicReference<>();
        ChunkRelay relay = new ChunkRelay(call, tally, Backpressure.NONE, () -> { }, ending::set);
        ChatWire.StreamEvents translation = kind.wire().events(call);
        for (String event : events) {
            translation.translate(event.equals("[DONE]") ? event : json(event), relay);
            if (ending.get() != null) {
                return ending.get();
            }
        }
        return tally.ended();
    }

    private static Verdict verdict(UpstreamReply reply) {
        return OutcomeClassifier.classify(reply, Settings.defaults().outcomes());
    }

    private static UpstreamCall call(Kind kind, dev.llmproxy.domain.streaming.UpstreamEvents shown) {
        Provider provider = new Provider("p", kind.kind(), URI.create("https://127.0.0.1:1/v1"), "k");
        byte[] chat = "{\"model\":\"m\",\"messages\":[{\"role\":\"user\",\"content\":\"Hi\"}],\"stream\":true}"
                .getBytes(StandardCharsets.UTF_8);
        return new UpstreamCall("req-1", provider, AllowedModel.of("m", "p", kind.upstreamModel()), chat,
                Duration.ofSeconds(5), shown, null);
    }

    private static String json(String singleQuoted) {
        return singleQuoted.replace('\'', '"');
    }

    @SafeVarargs
    private static List<String> concat(List<String>... parts) {
        List<String> all = new ArrayList<>();
        for (List<String> part : parts) {
            all.addAll(part);
        }
        return all;
    }
}
