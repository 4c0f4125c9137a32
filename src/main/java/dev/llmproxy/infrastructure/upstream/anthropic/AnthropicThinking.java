package dev.llmproxy.infrastructure.upstream.anthropic;

/**
 * A reasoning effort as an Anthropic thinking budget (at least 1,024 tokens, Anthropic's minimum), added to the
 * answer's own allowance in {@code max_tokens}, since thinking counts against it. No effort, {@code none} and
 * {@code minimal} ask no thinking.
 */
final class AnthropicThinking {

    private AnthropicThinking() {
    }

    static int budget(String effort) {
        if (effort == null) {
            return 0;
        }
        return switch (effort) {
            case "low" -> 1024;
            case "medium" -> 4096;
            case "high" -> 16384;
            case "xhigh", "max" -> 32000;
            default -> 0;
        };
    }
}
