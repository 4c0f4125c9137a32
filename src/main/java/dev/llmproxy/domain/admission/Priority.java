package dev.llmproxy.domain.admission;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/**
 * A caller's class in the admission queue when the proxy is at capacity: interactive requests are let in first, then
 * standard ones, then batch; batch waits the longest and is the first to give up its place.
 */
public enum Priority {
    INTERACTIVE, STANDARD, BATCH;

    /** The word callers and admins use for it. */
    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<Priority> of(String word) {
        return Arrays.stream(values()).filter(p -> p.word().equals(word)).findFirst();
    }

    /** This class, or {@code asked} when that is lower: a caller may lower its own class, never raise it. */
    public Priority loweredTo(Priority asked) {
        return asked != null && asked.ordinal() > ordinal() ? asked : this;
    }
}
