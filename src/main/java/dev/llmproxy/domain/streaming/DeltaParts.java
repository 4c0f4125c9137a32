package dev.llmproxy.domain.streaming;

import java.util.List;

/**
 * What one streamed event adds to the answer besides its text, typed, so that a front door of another dialect writes
 * its own events from them without reading the event again.
 *
 * @param reasoning         the model's thinking it adds, or ""
 * @param refusal           the refusal text it adds, or ""
 * @param toolCalls         the tool-call pieces it carries, in order
 * @param thinkingSignature the signature that ends the current thinking block (Claude's), or null
 * @param redactedThinking  a redacted thinking block, whole (Claude's), or null
 */
public record DeltaParts(String reasoning, String refusal, List<ToolFragment> toolCalls, String thinkingSignature,
                         String redactedThinking) {

    public static final DeltaParts NONE = new DeltaParts("", "", List.of(), null, null);

    public DeltaParts {
        toolCalls = List.copyOf(toolCalls);
    }
}
