package dev.llmproxy.infrastructure.upstream.gemini;

import dev.llmproxy.application.proxy.ToolCallIds;
import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.application.proxy.ChatJson;
import dev.llmproxy.application.proxy.ChatRequest;
import dev.llmproxy.application.proxy.ResponseFormat;
import dev.llmproxy.application.proxy.Tools;
import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.upstream.Sampling;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The caller's OpenAI request, as Gemini's generateContent receives it. */
class GeminiRequestsTest {

    /** As the wire asks it: the request's sampling read from it, as a chat caller's is. */
    private static JsonObject translate(JsonObject chat, AllowedModel model, boolean stream, boolean moreRoom) {
        return GeminiRequests.translate(ChatJson.from(new ChatRequest(chat, "m", stream)), model, stream, moreRoom);
    }

    private static JsonObject translate(String openAi, String model) {
        return translate((JsonObject) JsonCodec.read(openAi), AllowedModel.of("m", "g", model), false, false);
    }

    private static JsonObject json(String text) {
        return (JsonObject) JsonCodec.read(text);
    }

    @Test
    void aConversationBecomesContentsWithTheSystemPromptApart() {
        JsonObject g = translate("""
                {"model":"gemini-2.5-flash","messages":[
                  {"role":"system","content":"You are terse."},
                  {"role":"user","content":"I have 2 dogs in my house."},
                  {"role":"assistant","content":"That is nice!"},
                  {"role":"user","content":[{"type":"text","text":"How many paws"},{"type":"text","text":" are in my house?"}]}]}
                """, "gemini-2.5-flash");
        assertThat(g.getJsonObject("systemInstruction")).isEqualTo(json("{\"parts\":[{\"text\":\"You are terse.\"}]}"));
        assertThat(g.getJsonArray("contents")).isEqualTo(JsonCodec.read("""
                [{"role":"user","parts":[{"text":"I have 2 dogs in my house."}]},
                 {"role":"model","parts":[{"text":"That is nice!"}]},
                 {"role":"user","parts":[{"text":"How many paws"},{"text":" are in my house?"}]}]
                """));
    }

    @Test
    void samplingFieldsGetTheirGeminiNamesAndOpenAiOnlyFieldsAreNotSent() {
        JsonObject g = translate("""
                {"model":"gemini-2.5-flash-lite","messages":[{"role":"user","content":"hi"}],
                 "temperature":0.2,"top_p":0.9,"stop":"\\n\\nUser:","seed":7,"presence_penalty":0.5,
                 "stream":true,"stream_options":{"include_usage":true},"user":"u-1","logit_bias":{"1":2},
                 "parallel_tool_calls":true,"max_tokens":100}
                """, "gemini-2.5-flash-lite");
        assertThat(g.keySet()).containsExactlyInAnyOrder("contents", "generationConfig");
        assertThat(g.getJsonObject("generationConfig")).isEqualTo(json("""
                {"maxOutputTokens":100,"temperature":0.2,"topP":0.9,"seed":7,"presencePenalty":0.5,
                 "stopSequences":["\\n\\nUser:"]}"""));
    }

    @Test
    void theAnswerBudgetGetsRoomForThoughtsOnAThinkingModel() {
        JsonObject g = translate("""
                {"model":"x","messages":[{"role":"user","content":"hi"}],"max_completion_tokens":200,
                 "reasoning_effort":"low"}""", "gemini-2.5-pro");
        assertThat(g.getJsonObject("generationConfig")).isEqualTo(json("""
                {"maxOutputTokens":1224,"thinkingConfig":{"thinkingBudget":1024,"includeThoughts":true}}"""));
    }

    @Test
    void gemini3TakesALevelAndNoPenalties() {
        JsonObject g = translate("""
                {"model":"x","messages":[{"role":"user","content":"hi"}],"reasoning_effort":"medium",
                 "frequency_penalty":1.0}""", "gemini-3-pro-preview");
        assertThat(g.getJsonObject("generationConfig")).isEqualTo(json("""
                {"thinkingConfig":{"thinkingLevel":"high","includeThoughts":true}}"""));
    }

    @Test
    void jsonModesBecomeAMimeTypeAndASchema() {
        JsonObject schema = json("{\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"string\"}},"
                + "\"additionalProperties\":false}");
        JsonObject g = translate("{\"model\":\"x\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}],"
                + "\"response_format\":{\"type\":\"json_schema\",\"json_schema\":{\"name\":\"s\",\"schema\":" + schema + "}}}",
                "gemini-2.5-flash-lite");
        assertThat(g.getJsonObject("generationConfig").getString("responseMimeType")).isEqualTo("application/json");
        assertThat(g.getJsonObject("generationConfig").getJsonObject("responseJsonSchema")).isEqualTo(schema);
        JsonObject plain = translate("{\"model\":\"x\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}],"
                + "\"response_format\":{\"type\":\"json_object\"}}", "gemini-2.5-flash-lite");
        assertThat(plain.getJsonObject("generationConfig")).isEqualTo(json("{\"responseMimeType\":\"application/json\"}"));
    }

    @Test
    void toolsAndAChoiceOfToolBecomeDeclarationsAndAFunctionCallingMode() {
        JsonObject g = translate("""
                {"model":"x","messages":[{"role":"user","content":"weather?"}],
                 "tools":[{"type":"function","function":{"name":"get_weather","description":"Weather now",
                   "parameters":{"type":"object","properties":{"city":{"type":"string"}},"required":["city"],
                   "additionalProperties":false}}}],
                 "tool_choice":{"type":"function","function":{"name":"get_weather"}}}""", "gemini-2.5-flash-lite");
        assertThat(g.getJsonArray("tools")).isEqualTo(JsonCodec.read("""
                [{"functionDeclarations":[{"name":"get_weather","description":"Weather now","parametersJsonSchema":
                  {"type":"object","properties":{"city":{"type":"string"}},"required":["city"],
                   "additionalProperties":false}}]}]"""));
        assertThat(g.getJsonObject("toolConfig")).isEqualTo(json("""
                {"functionCallingConfig":{"mode":"ANY","allowedFunctionNames":["get_weather"]}}"""));
        assertThat(translate("{\"model\":\"x\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}],\"tool_choice\":\"none\"}",
                "gemini-2.5-flash").getJsonObject("toolConfig").getJsonObject("functionCallingConfig").getString("mode"))
                .isEqualTo("NONE");
    }

    @Test
    void aToolRoundTripCarriesTheCallsSignatureBackAndAnswersInOneTurn() {
        String first = ToolCallIds.carry("call_1a", "CiIBsig==");
        String second = "call_2b";
        JsonObject g = translate("""
                {"model":"x","messages":[
                  {"role":"user","content":"Weather in Paris and Rome?"},
                  {"role":"assistant","content":null,"tool_calls":[
                    {"id":"%s","type":"function","function":{"name":"get_weather","arguments":"{\\"city\\":\\"Paris\\"}"}},
                    {"id":"%s","type":"function","function":{"name":"get_time","arguments":"{\\"city\\":\\"Rome\\"}"}}]},
                  {"role":"tool","tool_call_id":"%s","content":"{\\"celsius\\":21}"},
                  {"role":"tool","tool_call_id":"%s","content":"noon"}]}""".formatted(first, second, first, second),
                "gemini-3-flash-preview");
        JsonArray contents = g.getJsonArray("contents");
        assertThat(contents).hasSize(3);
        assertThat(contents.getJsonObject(1)).isEqualTo(json("""
                {"role":"model","parts":[
                  {"functionCall":{"name":"get_weather","args":{"city":"Paris"}},"thoughtSignature":"CiIBsig=="},
                  {"functionCall":{"name":"get_time","args":{"city":"Rome"}}}]}"""));
        assertThat(contents.getJsonObject(2)).isEqualTo(json("""
                {"role":"user","parts":[
                  {"functionResponse":{"name":"get_weather","response":{"celsius":21}}},
                  {"functionResponse":{"name":"get_time","response":{"result":"noon"}}}]}"""));
    }

    @Test
    void imagesGoInlineFromADataUrlAndByUriOtherwise() {
        JsonObject g = translate("""
                {"model":"x","messages":[{"role":"user","content":[
                  {"type":"image_url","image_url":{"url":"data:image/png;base64,iVBORw0KGgo="}},
                  {"type":"image_url","image_url":{"url":"https://example.com/cat.jpg"}},
                  {"type":"mystery","x":1}]}]}""", "gemini-2.5-flash");
        assertThat(g.getJsonArray("contents").getJsonObject(0).getJsonArray("parts")).isEqualTo(JsonCodec.read("""
                [{"inlineData":{"mimeType":"image/png","data":"iVBORw0KGgo="}},
                 {"fileData":{"fileUri":"https://example.com/cat.jpg"}}]"""));
    }

    @Test
    void aConversationOfSystemTextAloneIsTheUsersTurn() {
        JsonObject g = translate("{\"model\":\"x\",\"messages\":[{\"role\":\"system\",\"content\":\"Say hi.\"}]}",
                "gemini-2.5-flash");
        assertThat(g.containsKey("systemInstruction")).isFalse();
        assertThat(g.getJsonArray("contents")).isEqualTo(JsonCodec.read("[{\"role\":\"user\",\"parts\":[{\"text\":\"Say hi.\"}]}]"));
    }

    @Test
    void aModelsOwnEffortAndRoomApplyWhenTheCallerNamesNone() {
        AllowedModel tuned = new AllowedModel("m", "g", "gemini-2.5-flash", "gemini", true, false, null, null, false,
                null, null, null, "minimal", 500, null);
        JsonObject g = translate(json("{\"model\":\"m\",\"messages\":[{\"role\":\"user\","
                + "\"content\":\"hi\"}],\"max_tokens\":100}"), tuned, false, false);
        assertThat(g.getJsonObject("generationConfig")).isEqualTo(json("""
                {"maxOutputTokens":600,"thinkingConfig":{"thinkingBudget":128,"includeThoughts":true}}"""));
        JsonObject callers = translate(json("{\"model\":\"m\",\"messages\":[{\"role\":\"user\","
                + "\"content\":\"hi\"}],\"max_tokens\":100,\"reasoning_effort\":\"none\"}"), tuned, false, false);
        assertThat(callers.getJsonObject("generationConfig").getInt("maxOutputTokens")).isEqualTo(100);
    }

    @Test
    void aSecondTryGivesTheThoughtsTwiceTheRoom() {
        String request = "{\"model\":\"m\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}],"
                + "\"max_tokens\":100,\"reasoning_effort\":\"medium\"}";
        AllowedModel pro = AllowedModel.of("m", "g", "gemini-2.5-pro");
        assertThat(translate(json(request), pro, false, false).getJsonObject("generationConfig")
                .getInt("maxOutputTokens")).isEqualTo(100 + 8192);
        assertThat(translate(json(request), pro, false, true).getJsonObject("generationConfig")
                .getInt("maxOutputTokens")).isEqualTo(100 + 2 * 8192);
    }

    @Test
    void topKAskedThroughTheMessagesApiReachesGeminiTyped() {
        JsonObject chat = json("{\"model\":\"m\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}");
        JsonObject g = GeminiRequests.translate(new ChatJson(chat, new Sampling(null, null, 40, List.of("END", "STOP")),
                Tools.NONE, ResponseFormat.TEXT, null), AllowedModel.of("m", "g", "gemini-2.0-flash"), false, false);
        assertThat(g.getJsonObject("generationConfig")).isEqualTo(json(
                "{\"topK\":40,\"stopSequences\":[\"END\",\"STOP\"]}"));
    }
}
