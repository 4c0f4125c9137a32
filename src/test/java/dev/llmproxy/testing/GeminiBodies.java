package dev.llmproxy.testing;

/** Gemini's own bodies (under {@code src/test/resources/gemini}); see {@link RecordedBodies}. */
public final class GeminiBodies {

    private GeminiBodies() {
    }

    /** A whole body, e.g. {@code answer-thinking.json}. */
    public static String body(String name) {
        return RecordedBodies.body("gemini", name);
    }

    /** A stream's events, one per line of a {@code .sse} file (each a {@code data:} payload). */
    public static String[] events(String name) {
        return RecordedBodies.events("gemini", name);
    }
}
