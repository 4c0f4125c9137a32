package dev.llmproxy.domain.streaming;

import java.util.List;

/**
 * What one streamed event adds to the answer besides its text, typed: each front door writes its own events from
 * them.
 *
 * @param reasoning         the model's thinking it adds, or ""
 * @param refusal           the refusal text it adds, or ""
 * @param toolCalls         the tool-call pieces it carries, in order
 * @param thinkingSignature the signature that ends the current thinking block (Claude's), or null
 * @param redactedThinking  a redacted thinking block, whole (Claude's), or null
 * @param thinkingBlock     the provider's index of the thinking block the signature or redaction belongs to, or -1
 */
public record DeltaParts(String reasoning, String refusal, List<ToolFragment> toolCalls, String thinkingSignature,
                         String redactedThinking, int thinkingBlock) {

    public static final DeltaParts NONE = new DeltaParts("", "", List.of(), null, null, -1);

    public DeltaParts {
        toolCalls = List.copyOf(toolCalls);
    }

    public static DeltaParts reasoning(String text) {
        return new DeltaParts(text, "", List.of(), null, null, -1);
    }

    public static DeltaParts toolCalls(List<ToolFragment> calls) {
        return calls.isEmpty() ? NONE : new DeltaParts("", "", calls, null, null, -1);
    }

    public static DeltaParts signed(String signature, int block) {
        return new DeltaParts("", "", List.of(), signature, null, block);
    }

    public static DeltaParts redacted(String data, int block) {
        return new DeltaParts("", "", List.of(), null, data, block);
    }

    /** Whether it shows the caller something besides text. */
    public boolean any() {
        return !reasoning.isEmpty() || !refusal.isEmpty() || !toolCalls.isEmpty() || thinkingSignature != null
                || redactedThinking != null;
    }

    /** The characters it adds, for what counts a stream's size. */
    int size() {
        return reasoning.length() + refusal.length()
                + (thinkingSignature == null ? 0 : thinkingSignature.length())
                + (redactedThinking == null ? 0 : redactedThinking.length()) + toolCallSize();
    }

    /** The characters of the tool-call pieces it carries. */
    int toolCallSize() {
        int n = 0;
        for (ToolFragment call : toolCalls) {
            n += call.size();
        }
        return n;
    }
}
