package dev.llmproxy.infrastructure.upstream.bedrock;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.application.proxy.CarriedThinking;
import dev.llmproxy.infrastructure.upstream.http.OutboundRequest;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.time.Clock;

import static org.assertj.core.api.Assertions.assertThat;

/** A chat request in Converse's words: the conversation as Claude's, renamed block by block. */
class ConverseRequestsTest {

    private final BedrockWire wire = new BedrockWire(Clock.systemUTC());

    private JsonObject body(String model, String chat) {
        OutboundRequest request = wire.request(BedrockCalls.to(model, chat, false), "ABSKkey");
        return (JsonObject) JsonCodec.read(request.body());
    }

    @Test
    void systemTurnsSamplingAndStopAreConversesOwn() {
        JsonObject body = body(BedrockCalls.CLAUDE, "{'model':'m','messages':[{'role':'system','content':'Be brief.'},"
                + "{'role':'user','content':'Hi'},{'role':'user','content':'Paris?'}],'max_tokens':200,"
                + "'temperature':1.5,'top_p':0.9,'stop':'END'}");
        assertThat(body.getJsonArray("system")).isEqualTo(JsonCodec.read("[{\"text\":\"Be brief.\"}]"));
        // consecutive user turns joined, as Converse (like Messages) wants roles to alternate
        assertThat(body.getJsonArray("messages")).hasSize(1);
        assertThat(body.getJsonArray("messages").getJsonObject(0).getJsonArray("content"))
                .isEqualTo(JsonCodec.read("[{\"text\":\"Hi\"},{\"text\":\"Paris?\"}]"));
        // Sonnet 4.5 takes temperature or top_p, not both: the temperature is kept
        assertThat(body.getJsonObject("inferenceConfig")).isEqualTo(JsonCodec.read(
                "{\"maxTokens\":200,\"temperature\":1.0,\"stopSequences\":[\"END\"]}"));
        assertThat(body.containsKey("model")).isFalse();
        assertThat(body.containsKey("additionalModelRequestFields")).isFalse();
    }

    @Test
    void aDocumentGoesAsItsBytesAndOneByUrlCannotBeSent() {
        String pdf = "{'model':'m','max_tokens':100,'messages':[{'role':'user','content':[{'type':'text',"
                + "'text':'Sum up.'},{'type':'file','file':{'filename':'a.pdf',"
                + "'file_data':'data:application/pdf;base64,JVBERi0x'}}]}]}";
        JsonObject body = body(BedrockCalls.CLAUDE, pdf);

        JsonObject document = body.getJsonArray("messages").getJsonObject(0).getJsonArray("content").getJsonObject(1)
                .getJsonObject("document");
        assertThat(document.getString("format")).isEqualTo("pdf");
        assertThat(document.getString("name")).matches("document-[0-9a-f]+");
        assertThat(document.getJsonObject("source").getString("bytes")).isEqualTo("JVBERi0x");
        String byUrl = pdf.replace("data:application/pdf;base64,JVBERi0x", "https://example.com/a.pdf");
        assertThat(wire.unsendable(BedrockCalls.to(BedrockCalls.CLAUDE, byUrl,
                false))).isNotNull();
    }

    @Test
    void aConversationThatStartsWithTheAssistantGetsAnOpeningUserTurn() {
        JsonObject body = body(BedrockCalls.CLAUDE, "{'model':'m','messages':[{'role':'assistant','content':'Hello, "
                + "how can I help?'},{'role':'user','content':'Paris?'}],'max_tokens':200}");

        assertThat(body.getJsonArray("messages")).isEqualTo(JsonCodec.read("[{\"role\":\"user\",\"content\":[{\"text\":"
                + "\".\"}]},{\"role\":\"assistant\",\"content\":[{\"text\":\"Hello, how can I help?\"}]},{\"role\":"
                + "\"user\",\"content\":[{\"text\":\"Paris?\"}]}]"));
    }

    @Test
    void claudesThinkingGoesInTheModelsOwnFieldsAndOtherModelsAreNotAskedToThink() {
        String chat = "{'model':'m','messages':[{'role':'user','content':'Why?'}],'max_tokens':1000,'reasoning_effort':'low'}";
        JsonObject claude = body(BedrockCalls.CLAUDE, chat);
        assertThat(claude.getJsonObject("additionalModelRequestFields").getJsonObject("thinking"))
                .isEqualTo(JsonCodec.read("{\"type\":\"enabled\",\"budget_tokens\":1024}"));
        assertThat(claude.getJsonObject("inferenceConfig").getInt("maxTokens")).isEqualTo(2024);
        JsonObject nova = body("amazon.nova-pro-v1:0", chat);
        assertThat(nova.containsKey("additionalModelRequestFields")).isFalse();
        assertThat(nova.getJsonObject("inferenceConfig").getInt("maxTokens")).isEqualTo(1000);
    }

    @Test
    void aToolLoopKeepsClaudesSignedThinkingFirstAndItsToolIds() {
        String thought = "[{\"type\":\"thinking\",\"thinking\":\"Need weather.\",\"signature\":\"sig-1\"}]";
        String id = CarriedThinking.carry("tooluse_abc", (jakarta.json.JsonArray) JsonCodec.read(thought));
        JsonObject body = body(BedrockCalls.CLAUDE, ("{'model':'m','reasoning_effort':'low','messages':["
                + "{'role':'user','content':'Weather?'},"
                + "{'role':'assistant','content':null,'tool_calls':[{'id':'ID','type':'function',"
                + "'function':{'name':'get_weather','arguments':'{\\'city\\':\\'Paris\\'}'}}]},"
                + "{'role':'tool','tool_call_id':'ID','content':'21 C'}],"
                + "'tools':[{'type':'function','function':{'name':'get_weather','description':'Weather now',"
                + "'parameters':{'type':'object','properties':{'city':{'type':'string'}}}}}]}")
                .replace("ID", id));
        JsonObject assistant = body.getJsonArray("messages").getJsonObject(1);
        assertThat(assistant.getJsonArray("content").getJsonObject(0)).isEqualTo(JsonCodec.read(
                "{\"reasoningContent\":{\"reasoningText\":{\"text\":\"Need weather.\",\"signature\":\"sig-1\"}}}"));
        assertThat(assistant.getJsonArray("content").getJsonObject(1)).isEqualTo(JsonCodec.read(
                "{\"toolUse\":{\"toolUseId\":\"tooluse_abc\",\"name\":\"get_weather\",\"input\":{\"city\":\"Paris\"}}}"));
        assertThat(body.getJsonArray("messages").getJsonObject(2).getJsonArray("content").getJsonObject(0))
                .isEqualTo(JsonCodec.read("{\"toolResult\":{\"toolUseId\":\"tooluse_abc\",\"content\":[{\"text\":\"21 C\"}]}}"));
        assertThat(body.getJsonObject("toolConfig")).isEqualTo(JsonCodec.read("{\"tools\":[{\"toolSpec\":{"
                + "\"name\":\"get_weather\",\"inputSchema\":{\"json\":{\"type\":\"object\",\"properties\":{\"city\":"
                + "{\"type\":\"string\"}}}},\"description\":\"Weather now\"}}],\"toolChoice\":{\"auto\":{}}}"));
    }

    @Test
    void aCachingModelMarksItsSystemPromptAndToolsWithCachePoints() {
        BedrockWire caching = new BedrockWire(Clock.systemUTC());
        var call = BedrockCalls.to(BedrockCalls.CLAUDE, "{'model':'m','messages':[{'role':'system','content':'Long rules.'},"
                + "{'role':'user','content':'Hi'}],'tools':[{'type':'function','function':{'name':'f'}}]}", false);
        var model = call.model();
        var cachingModel = new dev.llmproxy.domain.catalog.AllowedModel(model.name(), model.provider(),
                model.upstreamModel(), model.family(), true, false, null, null, false, null, null, null, null, null,
                null, null, null, true);
        JsonObject body = (JsonObject) JsonCodec.read(caching.request(new dev.llmproxy.domain.upstream.UpstreamCall(
                call.requestId(), call.provider(), cachingModel, call.body().bytes(), call.timeout()), null).body());
        assertThat(body.getJsonArray("system")).isEqualTo(JsonCodec.read(
                "[{\"text\":\"Long rules.\"},{\"cachePoint\":{\"type\":\"default\"}}]"));
        assertThat(body.getJsonObject("toolConfig").getJsonArray("tools").getJsonObject(1))
                .isEqualTo(JsonCodec.read("{\"cachePoint\":{\"type\":\"default\"}}"));
    }

    @Test
    void aCallersOwnCacheMarksBecomeCachePointsAfterTheirBlocks() {
        JsonObject body = body(BedrockCalls.CLAUDE, "{'model':'m','messages':[{'role':'system','content':[{'type':'text',"
                + "'text':'Rules.','cache_control':{'type':'ephemeral'}}]},{'role':'user','content':[{'type':'text',"
                + "'text':'Long file.','cache_control':{'type':'ephemeral'}},{'type':'text','text':'Summarise.'}]}]}");
        assertThat(body.getJsonArray("system")).isEqualTo(JsonCodec.read(
                "[{\"text\":\"Rules.\"},{\"cachePoint\":{\"type\":\"default\"}}]"));
        assertThat(body.getJsonArray("messages").getJsonObject(0).getJsonArray("content")).isEqualTo(JsonCodec.read(
                "[{\"text\":\"Long file.\"},{\"cachePoint\":{\"type\":\"default\"}},{\"text\":\"Summarise.\"}]"));
    }

    @Test
    void noToolsMeansNoToolsUnlessEarlierTurnsUsedThem() {
        String tools = "'tools':[{'type':'function','function':{'name':'f'}}],'tool_choice':'none'";
        JsonObject fresh = body(BedrockCalls.CLAUDE, "{'model':'m','messages':[{'role':'user','content':'Hi'}]," + tools + "}");
        assertThat(fresh.containsKey("toolConfig")).isFalse();
        JsonObject loop = body(BedrockCalls.CLAUDE, "{'model':'m','messages':[{'role':'user','content':'Hi'},"
                + "{'role':'assistant','tool_calls':[{'id':'c1','type':'function','function':{'name':'f','arguments':'{}'}}]},"
                + "{'role':'tool','tool_call_id':'c1','content':''}]," + tools + "}");
        assertThat(loop.getJsonObject("toolConfig").getJsonObject("toolChoice")).isEqualTo(JsonCodec.read("{\"auto\":{}}"));
        // an empty tool result is an empty JSON object: Converse refuses a blank text block
        assertThat(loop.getJsonArray("messages").getJsonObject(2).getJsonArray("content").getJsonObject(0)
                .getJsonObject("toolResult").getJsonArray("content")).isEqualTo(JsonCodec.read("[{\"json\":{}}]"));
    }

    @Test
    void anImageGoesAsItsBytesAndAnImageByUrlCannotBeSent() {
        JsonObject body = body(BedrockCalls.CLAUDE, "{'model':'m','messages':[{'role':'user','content':["
                + "{'type':'text','text':'What is it?'},{'type':'image_url','image_url':{'url':'data:image/jpeg;base64,AAAA'}}]}]}");
        assertThat(body.getJsonArray("messages").getJsonObject(0).getJsonArray("content").getJsonObject(1)).isEqualTo(
                JsonCodec.read("{\"image\":{\"format\":\"jpeg\",\"source\":{\"bytes\":\"AAAA\"}}}"));
        var byUrl = BedrockCalls.to(BedrockCalls.CLAUDE, "{'model':'m','messages':[{'role':'user','content':["
                + "{'type':'image_url','image_url':{'url':'https://example.com/cat.png'}}]}]}", false);
        assertThat(wire.unsendable(byUrl)).isInstanceOfSatisfying(dev.llmproxy.domain.upstream.UpstreamReply.HttpError.class,
                e -> assertThat(e.status()).isEqualTo(400));
        assertThat(wire.unsendable(BedrockCalls.to(BedrockCalls.CLAUDE, "{'model':'m','messages':[]}", false))).isNull();
    }

    @Test
    void claudesTopKGoesInItsOwnFieldsAndNoOtherModelIsSentIt() {
        String chat = "{'model':'m','messages':[{'role':'user','content':'Hi'}],'max_tokens':100,'top_k':5}";
        assertThat(body(BedrockCalls.CLAUDE, chat).getJsonObject("additionalModelRequestFields"))
                .isEqualTo(JsonCodec.read("{\"top_k\":5}"));
        assertThat(body("amazon.nova-pro-v1:0", chat).containsKey("additionalModelRequestFields")).isFalse();
    }
}
