package dev.llmproxy.interfaces.proxy.messages;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.application.proxy.ChatSampling;
import dev.llmproxy.application.proxy.CarriedThinking;
import dev.llmproxy.application.proxy.ChatRequest;
import dev.llmproxy.domain.conversation.Thinking;
import dev.llmproxy.domain.conversation.ToolCall;
import dev.llmproxy.domain.failure.ProxyException;
import dev.llmproxy.domain.log.FrontDoor;
import dev.llmproxy.domain.upstream.Sampling;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class MessagesRequestsTest {

    private static ChatRequest read(String json) {
        return MessagesRequests.read(json.replace('\'', '"').getBytes(StandardCharsets.UTF_8));
    }

    private static ProxyException refused(String json) {
        try {
            read(json);
        } catch (ProxyException e) {
            return e;
        }
        throw new AssertionError("not refused: " + json);
    }

    @Test
    void aPlainRequestBecomesChatWithItsSystemPromptFirst() {
        ChatRequest chat = read("{'model':'fast','max_tokens':100,'system':[{'type':'text','text':'Be brief.'},"
                + "{'type':'text','text':'Be kind.'}],'messages':[{'role':'user','content':'Hi'}],"
                + "'stop_sequences':['END'],'temperature':0.5,'top_p':0.9,'top_k':5,"
                + "'metadata':{'user_id':'u-1'}}");
        assertThat(chat.door()).isEqualTo(FrontDoor.MESSAGES);
        assertThat(chat.model()).isEqualTo("fast");
        assertThat(chat.stream()).isFalse();
        JsonObject body = chat.body();
        assertThat(body.getInt("max_tokens")).isEqualTo(100);
        JsonArray messages = body.getJsonArray("messages");
        assertThat(messages.getJsonObject(0).getString("role")).isEqualTo("system");
        assertThat(messages.getJsonObject(0).getJsonArray("content")).isEqualTo(JsonCodec.read(
                "[{\"type\":\"text\",\"text\":\"Be brief.\"},{\"type\":\"text\",\"text\":\"Be kind.\"}]"));
        assertThat(messages.getJsonObject(1).getString("content")).isEqualTo("Hi");
        assertThat(body.getJsonArray("stop").getString(0)).isEqualTo("END");
        assertThat(body.getJsonNumber("temperature").doubleValue()).isEqualTo(0.5);
        assertThat(body.getString("user")).isEqualTo("u-1");
        // top_k rides typed, never in chat's body, which an OpenAI-compatible server (that refuses it) is sent as is
        assertThat(body).doesNotContainKey("top_k").doesNotContainKey("stop_sequences");
        assertThat(chat.sampling()).isEqualTo(new Sampling(0.5, 0.9, 5, List.of("END")));
    }

    @Test
    void aTopKThatIsNotAWholeNumberIsRefusedByName() {
        for (String k : new String[] {"-1", "2.5", "'5'"}) {
            assertThat(refused("{'model':'m','max_tokens':10,'messages':[{'role':'user','content':'Hi'}],'top_k':"
                    + k + "}").error().param()).as(k).isEqualTo("top_k");
        }
    }

    @Test
    void optionsSentAsNullAreAbsent() {
        JsonObject body = read("{'model':'m','max_tokens':10,'messages':[{'role':'user','content':'Hi'}],"
                + "'top_k':null,'temperature':null,'top_p':null}").body();
        assertThat(body).doesNotContainKey("top_k").doesNotContainKey("temperature").doesNotContainKey("top_p");
        assertThat(ChatSampling.of(body)).isEqualTo(Sampling.NONE);
    }

    @Test
    void toolUseAndToolResultsBecomeToolCallsAndToolMessagesInOrder() {
        ChatRequest chat = read("{'model':'m','max_tokens':50,'messages':["
                + "{'role':'user','content':'Weather in Paris?'},"
                + "{'role':'assistant','content':[{'type':'thinking','thinking':'hm','signature':'s'},"
                + "{'type':'text','text':'Let me look.'},"
                + "{'type':'tool_use','id':'toolu_1','name':'weather','input':{'city':'Paris'}}]},"
                + "{'role':'user','content':[{'type':'tool_result','tool_use_id':'toolu_1','content':"
                + "[{'type':'text','text':'18C'}]},{'type':'text','text':'And tomorrow?'}]}],"
                + "'tools':[{'name':'weather','description':'Weather now','input_schema':{'type':'object'}}],"
                + "'tool_choice':{'type':'any','disable_parallel_tool_use':true}}");
        JsonArray messages = chat.body().getJsonArray("messages");
        assertThat(messages).hasSize(4);
        JsonObject assistant = messages.getJsonObject(1);
        assertThat(assistant.getString("content")).isEqualTo("Let me look.");
        JsonObject call = assistant.getJsonArray("tool_calls").getJsonObject(0);
        assertThat(CarriedThinking.bare(call.getString("id"))).isEqualTo("toolu_1"); // carrying its signed thinking
        assertThat(call.getJsonObject("function").getString("name")).isEqualTo("weather");
        assertThat(JsonCodec.read(call.getJsonObject("function").getString("arguments")))
                .isEqualTo(JsonCodec.object().add("city", "Paris").build());
        JsonObject tool = messages.getJsonObject(2);
        assertThat(tool.getString("role")).isEqualTo("tool");
        assertThat(tool.getString("tool_call_id")).isEqualTo(call.getString("id")); // named as its call is
        assertThat(tool.getString("content")).isEqualTo("18C");
        assertThat(messages.getJsonObject(3).getString("content")).isEqualTo("And tomorrow?");
        assertThat(chat.conversation().turns().get(1).thinking()).hasSize(1);
        JsonObject function = chat.body().getJsonArray("tools").getJsonObject(0).getJsonObject("function");
        assertThat(function.getString("name")).isEqualTo("weather");
        assertThat(function.getJsonObject("parameters").getString("type")).isEqualTo("object");
        assertThat(chat.body().getString("tool_choice")).isEqualTo("required");
        assertThat(chat.body().getBoolean("parallel_tool_calls")).isFalse();
    }

    @Test
    void aNamedToolChoiceAndAnErrorResult() {
        ChatRequest chat = read("{'model':'m','max_tokens':50,'messages':[{'role':'assistant','content':"
                + "[{'type':'tool_use','id':'t','name':'f','input':{}}]},{'role':'user','content':[{'type':"
                + "'tool_result','tool_use_id':'t','content':'boom','is_error':true}]}],'tools':[{'name':'f',"
                + "'input_schema':{'type':'object'}}],'tool_choice':{'type':'tool','name':'f'}}");
        assertThat(chat.body().getJsonObject("tool_choice").getJsonObject("function").getString("name"))
                .isEqualTo("f");
        assertThat(chat.body().getJsonArray("messages").getJsonObject(1).getString("content"))
                .isEqualTo("Error: boom");
    }

    @Test
    void imagesBecomeImageUrlParts() {
        ChatRequest chat = read("{'model':'m','max_tokens':5,'messages':[{'role':'user','content':["
                + "{'type':'image','source':{'type':'base64','media_type':'image/png','data':'AAA='}},"
                + "{'type':'image','source':{'type':'url','url':'https://example.com/a.png'}}]}]}");
        JsonArray parts = chat.body().getJsonArray("messages").getJsonObject(0).getJsonArray("content");
        assertThat(parts.getJsonObject(0).getJsonObject("image_url").getString("url"))
                .isEqualTo("data:image/png;base64,AAA=");
        assertThat(parts.getJsonObject(1).getJsonObject("image_url").getString("url"))
                .isEqualTo("https://example.com/a.png");
    }

    @Test
    void thinkingIsStatedAsAskedAndBudgetsNameTheirEfforts() {
        String base = "{'model':'m','max_tokens':40000,'messages':[{'role':'user','content':'x'}],'thinking':";
        assertThat(read(base + "{'type':'enabled','budget_tokens':2048}}").body().getString("reasoning_effort"))
                .isEqualTo("low");
        assertThat(read(base + "{'type':'enabled','budget_tokens':2048}}").body().getJsonObject("reasoning"))
                .isEqualTo(JsonCodec.read("{\"max_tokens\":2048}"));
        assertThat(read(base + "{'type':'adaptive'}}").body().getJsonObject("reasoning"))
                .isEqualTo(JsonCodec.read("{\"enabled\":true}"));
        assertThat(read(base + "{'type':'enabled','budget_tokens':10000}}").body().getString("reasoning_effort"))
                .isEqualTo("medium");
        assertThat(read(base + "{'type':'enabled','budget_tokens':30000}}").body().getString("reasoning_effort"))
                .isEqualTo("high");
        assertThat(read(base + "{'type':'adaptive'},'output_config':{'effort':'max'}}").body()
                .getJsonObject("reasoning")).isEqualTo(JsonCodec.read("{\"effort\":\"max\"}"));
        assertThat(read(base + "{'type':'disabled'}}").body()).doesNotContainKey("reasoning_effort")
                .doesNotContainKey("reasoning");
        assertThat(refused(base + "{'type':'enabled','budget_tokens':512}}").error().param())
                .isEqualTo("thinking.budget_tokens");
        assertThat(refused("{'model':'m','max_tokens':2000,'messages':[{'role':'user','content':'x'}],"
                + "'thinking':{'type':'enabled','budget_tokens':2000}}").error().param()).isEqualTo("max_tokens");
    }

    @Test
    void aStreamAsksTheUpstreamForItsUsage() {
        ChatRequest chat = read("{'model':'m','max_tokens':5,'stream':true,'messages':[{'role':'user','content':'x'}]}");
        assertThat(chat.stream()).isTrue();
        assertThat(chat.includeUsage()).isTrue();
    }

    @Test
    void whatCannotBeServedIsRefusedByName() {
        assertThat(refused("{'model':'m','messages':[{'role':'user','content':'x'}]}").error().param())
                .isEqualTo("max_tokens");
        assertThat(refused("{'model':'m','max_tokens':5,'messages':[{'role':'system','content':'x'}]}")
                .error().param()).isEqualTo("messages[0].role");
        ProxyException server = refused("{'model':'m','max_tokens':5,'messages':[{'role':'user','content':'x'}],"
                + "'tools':[{'type':'web_search_20250305','name':'web_search'}]}");
        assertThat(server.error().message()).contains("web_search_20250305");
        assertThat(refused("{'model':'m','max_tokens':5,'messages':[{'role':'user','content':[{'type':'document',"
                + "'source':{}}]}]}").error().param()).isEqualTo("messages[0].content[0].source");
        assertThat(refused("{'model':'m','max_tokens':5,'messages':[{'role':'user','content':[{'type':"
                + "'container_upload','file_id':'f'}]}]}").error().message()).contains("'container_upload'");
        assertThat(refused("{'model':'m','max_tokens':5,'mcp_servers':[],'messages':[{'role':'user','content':'x'}]}")
                .error().param()).isEqualTo("mcp_servers");
        assertThat(refused("{'model':'m','max_tokens':5,'messages':[]}").error().param()).isEqualTo("messages");
        assertThat(refused("{'max_tokens':5,'messages':[{'role':'user','content':'x'}]}").error().param())
                .isEqualTo("model");
        assertThat(refused("{'model':'m','max_tokens':5,'messages':[{'role':'user','content':'x'}],"
                + "'tool_choice':{'type':'tool'}}").error().param()).isEqualTo("tool_choice.name");
        assertThat(refused("[1]").error().message()).contains("JSON object");
    }

    @Test
    void countingNeedsNoOutputAllowance() {
        ChatRequest chat = MessagesRequests.countable("{\"model\":\"m\",\"messages\":[{\"role\":\"user\",\"content\":\"hello\"}]}"
                .getBytes(StandardCharsets.UTF_8));
        assertThat(chat.promptTokenEstimate()).isPositive();
    }

    @Test
    void signedThinkingSentBackGoesFirstInItsTurnAndUnsignedThinkingDoesNot() {
        ChatRequest r = read("{'model':'claude','max_tokens':100,'messages':[{'role':'user','content':'Weather?'},"
                + "{'role':'assistant','content':[{'type':'thinking','thinking':'Weather tool.','signature':'EqQBsig'},"
                + "{'type':'tool_use','id':'toolu_01A','name':'weather','input':{}}]},"
                + "{'role':'user','content':[{'type':'tool_result','tool_use_id':'toolu_01A','content':'18C'}]}]}");
        JsonObject assistant = r.body().getJsonArray("messages").getJsonObject(1);
        String id = assistant.getJsonArray("tool_calls").getJsonObject(0).getString("id");
        assertThat(CarriedThinking.bare(id)).isEqualTo("toolu_01A"); // as a chat caller has it
        assertThat(r.conversation().turns().get(1).parts()).containsExactly(
                Thinking.signed("Weather tool.", "EqQBsig"), new ToolCall("toolu_01A", "weather", "{}"));

        ChatRequest unsigned = read("{'model':'claude','max_tokens':100,'messages':[{'role':'user','content':'W?'},"
                + "{'role':'assistant','content':[{'type':'thinking','thinking':'W.','signature':''},"
                + "{'type':'tool_use','id':'toolu_01B','name':'weather','input':{}}]},"
                + "{'role':'user','content':[{'type':'tool_result','tool_use_id':'toolu_01B','content':'18C'}]}]}");
        assertThat(unsigned.conversation().turns().get(1).parts())
                .containsExactly(new ToolCall("toolu_01B", "weather", "{}"));
    }
}
