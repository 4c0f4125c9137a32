package dev.llmproxy.domain.streaming;

import dev.llmproxy.domain.answer.Sent;

import java.util.List;

/**
 * One event of a stream as its provider sent it, in a dialect a front door speaks too: a caller of that dialect gets
 * it as it came, with whatever the typed events have no place for (Claude's citations, its server tools' blocks).
 *
 * @param dialect the dialect it was sent in
 * @param type    the event's type ({@code content_block_delta}, {@code message_delta}...)
 * @param index   the content block it belongs to, or -1
 * @param data    its JSON text, as it came (for chat, the chunk's choice: its delta, logprobs and finish reason; the
 *                rest of a chunk is the proxy's)
 */
public record SentEvent(Sent.Dialect dialect, String type, int index, String data) {

    /** A chat chunk's choice as an OpenAI-compatible provider sent it. */
    public static SentEvent chatChoice(String choice) {
        return new SentEvent(Sent.Dialect.CHAT, "chunk", -1, choice);
    }

    /** The data of the last of {@code sent} that came in {@code dialect}, or null. */
    public static String last(List<SentEvent> sent, Sent.Dialect dialect) {
        for (int i = sent.size() - 1; i >= 0; i--) {
            if (sent.get(i).dialect() == dialect) {
                return sent.get(i).data();
            }
        }
        return null;
    }
}
