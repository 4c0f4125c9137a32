package dev.llmproxy.domain.conversation;

import java.util.ArrayList;
import java.util.List;

/**
 * A conversation as the proxy holds it between a door and a provider: turns of typed parts. Provider state a model
 * wants back on the next turn (Claude's signed thinking, Gemini's thought signatures) is a part or a field of its
 * own, never carried inside another.
 */
public record Conversation(List<Turn> turns) {

    public Conversation {
        turns = List.copyOf(turns);
    }

    /** The conversation with {@code turn} after its last. */
    public Conversation then(Turn turn) {
        List<Turn> more = new ArrayList<>(turns);
        more.add(turn);
        return new Conversation(more);
    }

    /** Whether the last turn is the assistant's: a prefill, an answer to be continued. */
    public boolean endsWithAssistant() {
        return !turns.isEmpty() && turns.get(turns.size() - 1).role() == Role.ASSISTANT;
    }

    /**
     * The last assistant turn that made tool calls, when only tool results follow it (a tool loop in progress); null
     * otherwise.
     */
    public Turn openToolLoop() {
        for (int i = turns.size() - 1; i >= 0; i--) {
            Turn turn = turns.get(i);
            if (turn.role() == Role.ASSISTANT) {
                return turn.calls().isEmpty() ? null : turn;
            }
            if (turn.role() != Role.TOOL) {
                return null;
            }
        }
        return null;
    }
}
