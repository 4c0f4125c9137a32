package dev.llmproxy.interfaces.proxy.responses;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.application.proxy.CarriedThinking;
import dev.llmproxy.application.proxy.ChatConversation;
import dev.llmproxy.application.proxy.ThinkingBlocks;
import dev.llmproxy.application.proxy.ToolCallIds;
import dev.llmproxy.domain.conversation.Thinking;
import dev.llmproxy.domain.conversation.ToolCall;
import dev.llmproxy.domain.conversation.ToolResult;
import dev.llmproxy.domain.conversation.Turn;
import dev.llmproxy.domain.failure.ProxyException;
import dev.llmproxy.domain.log.FrontDoor;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class ResponsesRequestsTest {

    private static ResponsesRequests.Read read(String json, JsonValue... earlier) {
        return ResponsesRequests.read((JsonObject) JsonCodec.read(json.replace('\'', '"')), List.of(earlier));
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
    void aStringInputWithInstructionsBecomesSystemAndUser() {
        ResponsesRequests.Read r = read("{'model':'fast','instructions':'Be brief.','input':'Hi',"
                + "'max_output_tokens':50,'temperature':0.3,'reasoning':{'effort':'low'},'user':'u','store':false}");
        assertThat(r.chat().door()).isEqualTo(FrontDoor.RESPONSES);
        JsonArray messages = r.chat().body().getJsonArray("messages");
        assertThat(messages.getJsonObject(0).getString("role")).isEqualTo("system");
        assertThat(messages.getJsonObject(1).getString("content")).isEqualTo("Hi");
        assertThat(r.chat().body().getInt("max_tokens")).isEqualTo(50);
        assertThat(r.chat().body().getString("reasoning_effort")).isEqualTo("low");
        assertThat(r.store()).isFalse();
        assertThat(read("{'model':'m','input':'x'}").store()).as("stored by default, as OpenAI's").isTrue();
    }

    @Test
    void itemsBecomeMessagesToolCallsAndToolResults() {
        ResponsesRequests.Read r = read("{'model':'m','input':["
                + "{'role':'user','content':[{'type':'input_text','text':'Weather?'},{'type':'input_image',"
                + "'image_url':'https://x/a.png'}]},"
                + "{'type':'reasoning','id':'rs_1','summary':[]},"
                + "{'type':'message','role':'assistant','content':[{'type':'output_text','text':'Checking.'}]},"
                + "{'type':'function_call','call_id':'call_1','name':'weather','arguments':'{}'},"
                + "{'type':'function_call','call_id':'call_2','name':'time','arguments':'{}'},"
                + "{'type':'function_call_output','call_id':'call_1','output':'18C'},"
                + "{'type':'function_call_output','call_id':'call_2','output':'noon'}],"
                + "'tools':[{'type':'function','name':'weather','parameters':{'type':'object'}}],"
                + "'tool_choice':{'type':'function','name':'weather'},'text':{'format':{'type':'json_schema',"
                + "'name':'w','schema':{'type':'object'},'strict':true}}}");
        JsonArray messages = r.chat().body().getJsonArray("messages");
        assertThat(messages).hasSize(4);
        assertThat(messages.getJsonObject(0).getJsonArray("content").getJsonObject(1).getJsonObject("image_url")
                .getString("url")).isEqualTo("https://x/a.png");
        JsonObject assistant = messages.getJsonObject(1);
        assertThat(assistant.getString("content")).isEqualTo("Checking.");
        assertThat(assistant.getJsonArray("tool_calls")).hasSize(2);
        assertThat(messages.getJsonObject(2).getString("tool_call_id")).isEqualTo("call_1");
        assertThat(messages.getJsonObject(3).getString("content")).isEqualTo("noon");
        JsonObject body = r.chat().body();
        assertThat(body.getJsonArray("tools").getJsonObject(0).getJsonObject("function").getString("name"))
                .isEqualTo("weather");
        assertThat(body.getJsonObject("tool_choice").getJsonObject("function").getString("name")).isEqualTo("weather");
        assertThat(body.getJsonObject("response_format").getJsonObject("json_schema").getBoolean("strict")).isTrue();
    }

    @Test
    void aContinuationPutsTheStoredConversationBeforeTheNewInput() {
        JsonObject before = JsonCodec.object().add("role", "user").add("content", "first").build();
        JsonObject answer = JsonCodec.object().add("role", "assistant").add("content", "one").build();
        ResponsesRequests.Read r = read("{'model':'m','instructions':'Sys','input':'second',"
                + "'previous_response_id':'resp_1'}", before, answer);
        JsonArray messages = r.chat().body().getJsonArray("messages");
        assertThat(messages).extracting(m -> ((JsonObject) m).getString("content"))
                .containsExactly("Sys", "first", "one", "second");
        assertThat(r.previousResponseId()).isEqualTo("resp_1");
    }

    @Test
    void aCallsSignatureAndAStoredTurnsThinkingAreTheConversationsAndChatsFormKeepsThem() {
        Thinking signed = Thinking.signed("Tool.", "EqQB");
        String storedId = CarriedThinking.carry("toolu_1", ThinkingBlocks.json(List.of(signed)));
        JsonObject stored = JsonCodec.object().add("role", "assistant").add("content", "").add("tool_calls",
                JsonCodec.array().add(JsonCodec.object().add("id", storedId).add("type", "function").add("function",
                        JsonCodec.object().add("name", "w").add("arguments", "{}")))).build();
        String geminiId = ToolCallIds.carry("call_9", "Cs0Bsig");
        ResponsesRequests.Read r = read("{'model':'m','input':[{'type':'function_call_output','call_id':'toolu_1',"
                + "'output':'18C'},{'type':'function_call','call_id':'" + geminiId + "','name':'w','arguments':'{}'},"
                + "{'type':'function_call_output','call_id':'" + geminiId + "','output':'19C'}]}",
                JsonCodec.object().add("role", "user").add("content", "W?").build(), stored);
        List<Turn> turns = r.chat().conversation().turns();
        assertThat(turns.get(1).parts()).containsExactly(signed, new ToolCall("toolu_1", "w", "{}"));
        assertThat(turns.get(3).parts()).containsExactly(new ToolCall("call_9", "w", "{}", "Cs0Bsig"));
        assertThat(turns.get(4).parts()).containsExactly(new ToolResult("call_9", null, "19C", null));
        // chat's form, which a later continuation is stored in, holds them as a chat caller would
        assertThat(ChatConversation.read(r.chat().body().getJsonArray("messages")).turns()).isEqualTo(turns);
    }

    @Test
    void builtInToolsAndUnsupportedItemsAreRefusedByName() {
        assertThat(refused("{'model':'m','input':'x','tools':[{'type':'web_search'}]}").error().message())
                .contains("web_search");
        assertThat(refused("{'model':'m','input':'x','tools':[{'type':'code_interpreter'}]}").error().param())
                .isEqualTo("tools[0].type");
        assertThat(refused("{'model':'m','input':[{'type':'item_reference','id':'x'}]}").error().message())
                .contains("previous_response_id");
        assertThat(refused("{'model':'m','input':[]}").error().param()).isEqualTo("input");
        assertThat(refused("{'model':'m','input':[{'role':'user','content':[{'type':'input_file','file_id':'f'}]}]}")
                .error().message()).contains("input_file");
        assertThat(refused("{'model':'m','input':'x','reasoning':{'effort':'huge'}}").error().param())
                .isEqualTo("reasoning.effort");
        assertThat(refused("{'input':'x'}").error().param()).isEqualTo("model");
    }

    @Test
    void aNullPreviousResponseIdContinuesNothing() {
        assertThat(new ResponsesDialect(null, null).read("{\"model\":\"m\",\"input\":\"x\",\"previous_response_id\":null}"
                .getBytes(java.nio.charset.StandardCharsets.UTF_8)).body().getJsonArray("messages")).hasSize(1);
    }
}
