package dev.llmproxy.application.proxy;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.domain.conversation.Audio;
import dev.llmproxy.domain.conversation.CacheMark;
import dev.llmproxy.domain.conversation.Conversation;
import dev.llmproxy.domain.conversation.File;
import dev.llmproxy.domain.conversation.Image;
import dev.llmproxy.domain.conversation.Refusal;
import dev.llmproxy.domain.conversation.Role;
import dev.llmproxy.domain.conversation.Text;
import dev.llmproxy.domain.conversation.Thinking;
import dev.llmproxy.domain.conversation.ToolCall;
import dev.llmproxy.domain.conversation.ToolResult;
import dev.llmproxy.domain.conversation.Turn;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Chat's messages read as the typed conversation: every part typed, nothing read from an id but the id. */
class ChatConversationTest {

    private static Conversation read(String messages) {
        return ChatConversation.read((JsonArray) JsonCodec.read(messages.replace('\'', '"')));
    }

    @Test
    void rolesAndPartsAreTyped() {
        Conversation c = read("[{'role':'system','content':'Be brief.'},{'role':'developer','content':'Cite.'},"
                + "{'role':'user','content':[{'type':'text','text':'Look','cache_control':{'type':'ephemeral','ttl':'1h'}},"
                + "{'type':'image_url','image_url':{'url':'https://x/cat.png','detail':'low'}},"
                + "{'type':'input_audio','input_audio':{'data':'UklG','format':'wav'}},"
                + "{'type':'file','file':{'file_data':'data:application/pdf;base64,JVBE','filename':'a.pdf'}}]}]");
        assertThat(c.turns()).extracting(Turn::role).containsExactly(Role.SYSTEM, Role.DEVELOPER, Role.USER);
        assertThat(c.turns().get(0).parts()).containsExactly(new Text("Be brief."));
        assertThat(c.turns().get(2).parts()).containsExactly(
                new Text("Look", new CacheMark("ephemeral", "1h")),
                new Image("https://x/cat.png", "low", null),
                new Audio("UklG", "wav"),
                new File("data:application/pdf;base64,JVBE", null, "a.pdf", null));
    }

    @Test
    void aCallsIdGivesUpGeminisSignatureOnTheCallAndOnItsResult() {
        String id = ToolCallIds.carry("call_1f", "Cs0B/sig==");
        Conversation c = read("[{'role':'user','content':'Weather?'},{'role':'assistant','content':null,"
                + "'tool_calls':[{'id':'" + id + "','type':'function','function':{'name':'w','arguments':'{}'}}]},"
                + "{'role':'tool','tool_call_id':'" + id + "','content':[{'type':'text','text':'18C'}]}]");
        assertThat(c.turns().get(1).parts()).containsExactly(new ToolCall("call_1f", "w", "{}", "Cs0B/sig=="));
        assertThat(c.turns().get(2).parts()).containsExactly(new ToolResult("call_1f", null, "18C", null));
        assertThat(c.openToolLoop()).isEqualTo(c.turns().get(1));
    }

    @Test
    void claudesThinkingCarriedByTheFirstCallComesFirstInItsTurn() {
        Thinking signed = Thinking.signed("Let me look.", "EqQB");
        String id = CarriedThinking.carry("toolu_1", ThinkingBlocks.json(List.of(signed, Thinking.redacted("Emwk"))));
        Conversation c = read("[{'role':'user','content':'Weather?'},{'role':'assistant','content':'Looking.',"
                + "'tool_calls':[{'id':'" + id + "','type':'function','function':{'name':'w','arguments':{'city':'Paris'}}}]}]");
        Turn turn = c.turns().get(1);
        assertThat(turn.parts()).containsExactly(signed, Thinking.redacted("Emwk"), new Text("Looking."),
                new ToolCall("toolu_1", "w", "{\"city\":\"Paris\"}"));
        assertThat(c.endsWithAssistant()).isTrue();
    }

    @Test
    void anOlderFunctionCallIsAnsweredByItsNameAndARefusalIsKept() {
        Conversation c = read("[{'role':'user','content':'Hi'},{'role':'assistant','content':null,"
                + "'function_call':{'name':'lookup','arguments':'{}'}},{'role':'function','name':'lookup','content':'ok'},"
                + "{'role':'assistant','content':null,'refusal':'I cannot help with that.'}]");
        assertThat(c.turns().get(1).parts()).containsExactly(new ToolCall("lookup", "lookup", "{}"));
        assertThat(c.turns().get(2).parts()).containsExactly(new ToolResult("lookup", "lookup", "ok", null));
        assertThat(c.turns().get(3).parts()).containsExactly(new Refusal("I cannot help with that."));
        assertThat(c.openToolLoop()).isNull();
    }

    @Test
    void theBodiesForEachModelOfAChainShareOneReading() {
        ChatRequest request = ChatRequest.parse("{'model':'t','messages':[{'role':'user','content':'Hi'}]}"
                .replace('\'', '"').getBytes(java.nio.charset.StandardCharsets.UTF_8));
        ChatJson held = ChatJson.from(request);
        JsonObject forAnother = JsonCodec.object(request.body()).add("model", "other").build();
        assertThat(held.withBody(forAnother).conversation()).isSameAs(held.conversation());
        assertThat(held.asChat(forAnother).conversation()).isSameAs(held.conversation());
        Conversation read = new Conversation(List.of(new Turn(Role.USER, List.of(new Text("Hi"))),
                new Turn(Role.ASSISTANT, List.of(new ToolCall("call_1", "w", "{}", "sig"))),
                new Turn(Role.TOOL, List.of(new ToolResult("call_1", null, "18C", null)))));
        ChatJson typed = ChatJson.from(request.withConversation(read));
        ChatJson continuing = typed.continuing(forAnother, "Hel");
        assertThat(continuing.conversation().turns()).startsWith(read.turns().toArray(Turn[]::new))
                .endsWith(new Turn(Role.ASSISTANT, List.of(new Text("Hel"))));
    }
}
