package dev.llmproxy.domain.answer;

import dev.llmproxy.domain.conversation.Thinking;
import dev.llmproxy.domain.conversation.ToolCall;

import java.util.List;

/**
 * The assistant's message of one choice.
 *
 * @param text      its text, or ""
 * @param refusal   what the model said instead of answering (OpenAI's structured refusal), or ""
 * @param reasoning the model's thinking as text, or ""
 * @param thinking  Claude's thinking blocks as it wrote them, signed or redacted, for the caller to hand back
 * @param toolCalls the tool calls, in order
 */
public record AnswerMessage(String text, String refusal, String reasoning, List<Thinking> thinking,
                            List<ToolCall> toolCalls) {

    public AnswerMessage {
        thinking = List.copyOf(thinking);
        toolCalls = List.copyOf(toolCalls);
    }

    public static AnswerMessage text(String text) {
        return new AnswerMessage(text, "", "", List.of(), List.of());
    }

    /** What a dialect without a place for refusals shows: the text, then the refusal. */
    public String shown() {
        return text + refusal;
    }
}
