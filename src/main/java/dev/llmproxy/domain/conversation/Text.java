package dev.llmproxy.domain.conversation;

/** Text, perhaps marked as a cache breakpoint. */
public record Text(String text, CacheMark cache) implements Part {

    public Text(String text) {
        this(text, null);
    }
}
