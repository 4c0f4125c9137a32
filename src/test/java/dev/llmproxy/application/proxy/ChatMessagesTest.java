package dev.llmproxy.application.proxy;

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
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** A conversation in chat's form, as a chat caller would send it: it reads back as it was. */
class ChatMessagesTest {

    private static final CacheMark HOUR = new CacheMark("ephemeral", "1h");

    @Test
    void everyPartChatHoldsReadsBackAsItWas() {
        Conversation c = new Conversation(List.of(
                new Turn(Role.SYSTEM, List.of(new Text("Be brief."))),
                new Turn(Role.DEVELOPER, List.of(new Text("Cite.", HOUR), new Text("Quote."))),
                new Turn(Role.USER, List.of(new Text("Look"), new Image("https://x/cat.png", "low", HOUR),
                        new Audio("UklG", "wav"), new File("data:application/pdf;base64,JVBE", null, "a.pdf", HOUR))),
                new Turn(Role.ASSISTANT, List.of(new Text("Looking."), new ToolCall("call_1", "w", "{\"c\":1}"),
                        new ToolCall("call_2", "w", "{}", null, HOUR))),
                new Turn(Role.TOOL, List.of(new ToolResult("call_1", null, "18C", null))),
                new Turn(Role.TOOL, List.of(new ToolResult("call_2", null, "19C", HOUR))),
                new Turn(Role.ASSISTANT, List.of(new Text("Marked", HOUR), new Refusal("No more.")))));
        JsonArray chat = ChatMessages.write(c);
        assertThat(chat.getJsonObject(0).getString("content")).isEqualTo("Be brief.");
        assertThat(chat.getJsonObject(4).getString("content")).isEqualTo("18C");
        assertThat(ChatConversation.read(chat)).isEqualTo(c);
    }

    @Test
    void thinkingAndSignaturesRideInTheIdsAsForChatCallersAndTheTextsOfAnAnswerAreOneString() {
        Conversation c = new Conversation(List.of(new Turn(Role.USER, List.of(new Text("W?"))),
                new Turn(Role.ASSISTANT, List.of(Thinking.signed("Tool.", "EqQB"), new Text("A"), new Text("B"),
                        new ToolCall("call_1", "w", "{}", "sig"), new ToolCall("call_2", "w", "{}", "sig2"))),
                new Turn(Role.TOOL, List.of(new ToolResult("call_1", null, "18C", null))),
                new Turn(Role.TOOL, List.of(new ToolResult("call_2", null, "19C", null)))));
        JsonArray chat = ChatMessages.write(c);
        assertThat(chat.getJsonObject(1).getString("content")).isEqualTo("AB");
        String id = chat.getJsonObject(1).getJsonArray("tool_calls").getJsonObject(0).getString("id");
        assertThat(chat.getJsonObject(2).getString("tool_call_id")).isEqualTo(id);
        assertThat(ChatConversation.read(chat).turns().get(1).parts()).containsExactly(Thinking.signed("Tool.", "EqQB"),
                new Text("AB"), new ToolCall("call_1", "w", "{}", "sig"), new ToolCall("call_2", "w", "{}", "sig2"));
        assertThat(ChatConversation.read(chat).turns().subList(2, 4)).isEqualTo(c.turns().subList(2, 4));
    }
}
