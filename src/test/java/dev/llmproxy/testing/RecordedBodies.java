package dev.llmproxy.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * Providers' own bodies, as their APIs send them (kept under {@code src/test/resources/{provider}}): answers, stream
 * events and error bodies, for the fakes to serve and the translation tests to read.
 */
public final class RecordedBodies {

    private RecordedBodies() {
    }

    /** A whole body, e.g. {@code body("anthropic", "answer-thinking-tool.json")}. */
    public static String body(String provider, String name) {
        try (InputStream in = RecordedBodies.class.getResourceAsStream("/" + provider + "/" + name)) {
            if (in == null) {
                throw new IllegalArgumentException("no " + provider + " body " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A stream's events, one per line of a {@code .sse} file (each a {@code data:} payload). */
    public static String[] events(String provider, String name) {
        return body(provider, name).lines().filter(l -> !l.isBlank()).toArray(String[]::new);
    }
}
