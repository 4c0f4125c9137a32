package dev.llmproxy.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * Gemini's own bodies, as its API sends them (kept under {@code src/test/resources/gemini}): answers, stream events
 * and error bodies, for the fakes to serve and the translation tests to read.
 */
public final class GeminiBodies {

    private GeminiBodies() {
    }

    /** A whole body, e.g. {@code answer-thinking.json}. */
    public static String body(String name) {
        try (InputStream in = GeminiBodies.class.getResourceAsStream("/gemini/" + name)) {
            if (in == null) {
                throw new IllegalArgumentException("no Gemini body " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A stream's events, one per line of a {@code .sse} file (each a {@code data:} payload). */
    public static String[] events(String name) {
        return body(name).lines().filter(l -> !l.isBlank()).toArray(String[]::new);
    }
}
