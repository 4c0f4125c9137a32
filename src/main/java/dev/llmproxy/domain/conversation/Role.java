package dev.llmproxy.domain.conversation;

/** Who speaks a turn. */
public enum Role {
    SYSTEM, DEVELOPER, USER, ASSISTANT, TOOL;

    /** Whether the turn instructs the model rather than talks to it: a system or developer prompt. */
    public boolean instructs() {
        return this == SYSTEM || this == DEVELOPER;
    }
}
