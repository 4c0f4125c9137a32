package dev.llmproxy.application.proxy;

import jakarta.json.JsonObject;

import java.util.List;

/**
 * The functions a caller offers the model and how it may call them, read once at the door ({@link ToolsReader}):
 * each wire that writes its provider's own request says them in its words from here, not from chat's JSON.
 *
 * @param functions the function tools, in the caller's order; empty when none
 * @param choice    how the model may call them; null when the caller did not say (each provider's default)
 * @param parallel  whether the model may make several calls in one turn
 */
public record Tools(List<Function> functions, Choice choice, boolean parallel) {

    public static final Tools NONE = new Tools(List.of(), null, true);

    public Tools {
        functions = List.copyOf(functions);
    }

    /**
     * One function the model may call.
     *
     * @param description null when none
     * @param parameters  its arguments' JSON schema; null when the caller gave none
     * @param cacheMark   the caller's cache breakpoint on it; null when none
     */
    public record Function(String name, String description, JsonObject parameters, JsonObject cacheMark) {
    }

    /**
     * How the model may call the functions.
     *
     * @param name the function it must call, for {@link Mode#NAMED}; null otherwise
     */
    public record Choice(Mode mode, String name) {

        public enum Mode { AUTO, NONE, REQUIRED, NAMED }

        public static final Choice AUTO = new Choice(Mode.AUTO, null);
    }

    /** Whether the caller makes the model call a function (Anthropic refuses thinking then). */
    public boolean forced() {
        return choice != null && (choice.mode() == Choice.Mode.REQUIRED || choice.mode() == Choice.Mode.NAMED);
    }
}
