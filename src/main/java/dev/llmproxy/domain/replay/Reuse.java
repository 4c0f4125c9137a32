package dev.llmproxy.domain.replay;

import java.util.Arrays;
import java.util.Locale;
import java.util.Objects;

/**
 * How a request was answered with an answer kept from an earlier one.
 *
 * @param original the request that was answered
 */
public record Reuse(Kind kind, String original) {

    public enum Kind {
        /** The answer kept for the request's idempotency key. */
        REPLAY,
        /** A fresh answer to the same deterministic request, within its tier's max age. */
        FRESH,
        /** An answer past its freshness, given in place of the error every model of the chain failed with. */
        STALE;

        /** As the request log and the headers say it. */
        public String wireName() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** The kind of that wire name; null for null or a name no kind has. */
        public static Kind named(String name) {
            return Arrays.stream(values()).filter(k -> k.wireName().equals(name)).findFirst().orElse(null);
        }
    }

    public Reuse {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(original, "original");
    }
}
