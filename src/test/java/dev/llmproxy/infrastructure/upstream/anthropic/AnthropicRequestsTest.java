package dev.llmproxy.infrastructure.upstream.anthropic;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.infrastructure.upstream.http.OutboundRequest;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.time.Clock;

import static org.assertj.core.api.Assertions.assertThat;

/** OpenAI chat requests as Anthropic's Messages requests. */
class AnthropicRequestsTest {

    private final AnthropicWire wire = new AnthropicWire(Clock.systemUTC());

    private JsonObject sent(String chat) {
        OutboundRequest r = wire.request(AnthropicCalls.to(chat), "sk-ant-test");
        return (JsonObject) JsonCodec.read(r.body());
    }

    @Test
    void theRequestGoesToMessagesWithTheKeyAndVersion() {
        OutboundRequest r = wire.request(AnthropicCalls.to("{'model':'x','messages':[{'role':'user','content':'Hi'}]}"),
                "sk-ant-test");
        assertThat(r.uri().toString()).isEqualTo("http://127.0.0.1:1/v1/messages");
        assertThat(r.headers()).contains(new OutboundRequest.Header("x-api-key", "sk-ant-test"),
                new OutboundRequest.Header("anthropic-version", "2023-06-01"));
        JsonObject body = (JsonObject) JsonCodec.read(r.body());
        assertThat(body.getString("model")).isEqualTo("claude-sonnet-4-5");
        assertThat(body.getInt("max_tokens")).isEqualTo(AnthropicRequests.DEFAULT_MAX_TOKENS);
        assertThat(body).doesNotContainKey("stream").doesNotContainKey("thinking");
    }

    @Test
    void systemMessagesBecomeSystemAndTurnsOfOneRoleAreJoined() {
        JsonObject body = sent("{'model':'x','messages':[{'role':'system','content':'Be brief.'},"
                + "{'role':'developer','content':'Be kind.'},{'role':'user','content':'One'},"
                + "{'role':'user','content':[{'type':'text','text':'Two'},{'type':'image_url','image_url':"
                + "{'url':'data:image/png;base64,iVBORw0KGgo='}}]},{'role':'assistant','content':'Fine.  '}],"
                + "'max_tokens':100,'temperature':1.5,'top_p':0.9,'stop':'END','user':'u-1','stream':true}");
        assertThat(body.getString("system")).isEqualTo("Be brief.\n\nBe kind.");
        JsonArray messages = body.getJsonArray("messages");
        assertThat(messages).hasSize(2);
        JsonArray user = messages.getJsonObject(0).getJsonArray("content");
        assertThat(user).hasSize(3);
        assertThat(user.getJsonObject(2).getJsonObject("source").getString("media_type")).isEqualTo("image/png");
        assertThat(user.getJsonObject(2).getJsonObject("source").getString("data")).isEqualTo("iVBORw0KGgo=");
        // a final assistant turn is a prefill: Anthropic refuses trailing whitespace there
        assertThat(messages.getJsonObject(1).getJsonArray("content").getJsonObject(0).getString("text")).isEqualTo("Fine.");
        assertThat(body.getInt("max_tokens")).isEqualTo(100);
        assertThat(body.getJsonNumber("temperature").doubleValue()).isEqualTo(1.0);
        assertThat(body.getJsonArray("stop_sequences").getString(0)).isEqualTo("END");
        assertThat(body.getJsonObject("metadata").getString("user_id")).isEqualTo("u-1");
        assertThat(body).doesNotContainKey("stream"); // the call streams or not, whatever the body says
    }

    @Test
    void toolCallsAndResultsKeepTheirPairingWhateverIdsAnotherProviderMinted() {
        String geminiId = "call_1f__thought__Cs0BAVSoXO+/sig==";
        JsonObject body = sent("{'model':'x','messages':[{'role':'user','content':'Weather?'},"
                + "{'role':'assistant','content':null,'tool_calls':[{'id':'" + geminiId + "','type':'function',"
                + "'function':{'name':'get_weather','arguments':'{\\'city\\':\\'Paris\\'}'}}]},"
                + "{'role':'tool','tool_call_id':'" + geminiId + "','content':'18C'},"
                + "{'role':'user','content':'And tomorrow?'}],"
                + "'tools':[{'type':'function','function':{'name':'get_weather','description':'Weather',"
                + "'parameters':{'type':'object','properties':{'city':{'type':'string'}}}}}],"
                + "'tool_choice':{'type':'function','function':{'name':'get_weather'}},'parallel_tool_calls':false}");
        JsonArray messages = body.getJsonArray("messages");
        JsonObject use = messages.getJsonObject(1).getJsonArray("content").getJsonObject(0);
        assertThat(use.getString("type")).isEqualTo("tool_use");
        assertThat(use.getString("id")).matches("[a-zA-Z0-9_-]+");
        assertThat(use.getJsonObject("input").getString("city")).isEqualTo("Paris");
        JsonArray next = messages.getJsonObject(2).getJsonArray("content");
        assertThat(next.getJsonObject(0).getString("type")).isEqualTo("tool_result");
        assertThat(next.getJsonObject(0).getString("tool_use_id")).isEqualTo(use.getString("id"));
        assertThat(next.getJsonObject(1).getString("text")).isEqualTo("And tomorrow?");
        // Gemini's thought signature is Gemini's: Claude gets the call's own id
        assertThat(AnthropicIds.fromAnthropic(use.getString("id"))).isEqualTo("call_1f");
        assertThat(AnthropicIds.toAnthropic("toolu_01A09q90qw90lq917835lq9")).isEqualTo("toolu_01A09q90qw90lq917835lq9");
        JsonObject tool = body.getJsonArray("tools").getJsonObject(0);
        assertThat(tool.getString("name")).isEqualTo("get_weather");
        assertThat(tool.getJsonObject("input_schema").getString("type")).isEqualTo("object");
        assertThat(body.getJsonObject("tool_choice")).isEqualTo(JsonCodec.read(
                "{\"type\":\"tool\",\"name\":\"get_weather\",\"disable_parallel_tool_use\":true}"));
    }

    @Test
    void anEffortIsAThinkingBudgetOnTopOfTheAnswerWithoutTheSamplingThinkingForbids() {
        JsonObject body = sent("{'model':'x','messages':[{'role':'user','content':'Think.'}],'reasoning_effort':'medium',"
                + "'max_completion_tokens':1000,'temperature':0.2,'top_p':0.5}");
        assertThat(body.getJsonObject("thinking").getInt("budget_tokens")).isEqualTo(4096);
        assertThat(body.getInt("max_tokens")).isEqualTo(5096);
        assertThat(body).doesNotContainKey("temperature").doesNotContainKey("top_p");
        assertThat(sent("{'model':'x','messages':[{'role':'user','content':'x'}],'reasoning_effort':'none'}"))
                .doesNotContainKey("thinking");
        // a forced tool call, or a prefill to continue, takes no thinking
        assertThat(sent("{'model':'x','messages':[{'role':'user','content':'x'}],'reasoning_effort':'high',"
                + "'tools':[{'type':'function','function':{'name':'f'}}],'tool_choice':'required'}"))
                .doesNotContainKey("thinking");
        assertThat(sent("{'model':'x','messages':[{'role':'user','content':'x'},{'role':'assistant','content':'So'}],"
                + "'reasoning_effort':'high'}")).doesNotContainKey("thinking");
        // a tool loop's last assistant turn would have to start with its signed thinking block, which chat cannot carry
        assertThat(sent("{'model':'x','messages':[{'role':'user','content':'x'},{'role':'assistant','content':null,"
                + "'tool_calls':[{'id':'toolu_1','type':'function','function':{'name':'f','arguments':'{}'}}]},"
                + "{'role':'tool','tool_call_id':'toolu_1','content':'ok'}],'reasoning_effort':'high'}"))
                .doesNotContainKey("thinking");
        assertThat(sent("{'model':'x','messages':[{'role':'user','content':'x'},{'role':'assistant','content':null,"
                + "'tool_calls':[{'id':'toolu_1','type':'function','function':{'name':'f','arguments':'{}'}}]},"
                + "{'role':'tool','tool_call_id':'toolu_1','content':'ok'},{'role':'user','content':'next'}],"
                + "'reasoning_effort':'high'}")).containsKey("thinking");
    }

    @Test
    void aJsonFormatIsAskedInTheSystemPrompt() {
        JsonObject body = sent("{'model':'x','messages':[{'role':'user','content':'x'}],'response_format':"
                + "{'type':'json_schema','json_schema':{'name':'n','schema':{'type':'object'}}}}");
        assertThat(body.getString("system")).contains("JSON object", "{\"type\":\"object\"}");
    }
}
