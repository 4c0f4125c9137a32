package dev.llmproxy.infrastructure.upstream.gemini;

import dev.llmproxy.domain.answer.Finish;
import java.util.Set;

/** What a Gemini {@code finishReason} means for the caller. */
enum GeminiFinish {
    /** Not finished yet (a stream's chunk before the last). */
    NONE,
    STOP,
    /** MAX_TOKENS: OpenAI's {@code length}, truncated. */
    LENGTH,
    /** A safety, recitation, blocklist or personal-data stop: a content refusal. */
    REFUSED,
    /** The model produced something unusable (a malformed function call...): the attempt failed. */
    MALFORMED;

    private static final Set<String> REFUSALS = Set.of("SAFETY", "RECITATION", "BLOCKLIST", "PROHIBITED_CONTENT",
            "SPII", "IMAGE_SAFETY", "IMAGE_PROHIBITED_CONTENT", "IMAGE_RECITATION", "MODEL_ARMOR", "JAILBREAK");
    private static final Set<String> FAILURES = Set.of("MALFORMED_FUNCTION_CALL", "UNEXPECTED_TOOL_CALL",
            "TOO_MANY_TOOL_CALLS", "MALFORMED_RESPONSE", "MISSING_THOUGHT_SIGNATURE");

    static GeminiFinish of(String reason) {
        if (reason == null || reason.isEmpty()) {
            return NONE;
        }
        if (reason.equals("MAX_TOKENS")) {
            return LENGTH;
        }
        if (REFUSALS.contains(reason)) {
            return REFUSED;
        }
        // STOP, and reasons such as OTHER or LANGUAGE that end an answer without saying it was refused.
        return FAILURES.contains(reason) ? MALFORMED : STOP;
    }

    /** How a finished answer that is neither refused nor failed ended. */
    Finish finished(boolean calledTools) {
        return this == LENGTH ? Finish.LENGTH : calledTools ? Finish.TOOL_CALLS : Finish.STOP;
    }
}
