package dev.llmproxy.domain.streaming;

import dev.llmproxy.domain.answer.Sent;

/**
 * One event of a stream as its provider sent it, in a dialect a front door speaks too: a caller of that dialect gets
 * it as it came, with whatever the typed events have no place for (Claude's citations, its server tools' blocks).
 *
 * @param dialect the dialect it was sent in
 * @param type    the event's type ({@code content_block_delta}, {@code message_delta}...)
 * @param index   the content block it belongs to, or -1
 * @param data    its JSON text, as it came
 */
public record SentEvent(Sent.Dialect dialect, String type, int index, String data) {
}
