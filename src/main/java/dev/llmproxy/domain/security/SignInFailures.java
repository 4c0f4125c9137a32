package dev.llmproxy.domain.security;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Failed sign-ins counted per key (a user name, a hashed client address) in fixed windows that start at a key's first
 * failure. Shared by every instance when it lives in the database.
 *
 * <p>A window's end is set when it starts, from the window length in force then: lengthening the setting later does not
 * bring back a lock-out that has ended, while shortening it ends running windows sooner ({@link #endOf}).
 */
public interface SignInFailures {

    /**
     * @param failures  failed sign-ins since {@code windowStart}
     * @param windowEnd when this window ends (after {@link #endOf} with the window in force)
     */
    record Count(int failures, Instant windowStart, Instant windowEnd) {
    }

    /** The counts of the keys whose window is still running at {@code now}; a key without one is absent. */
    Map<String, Count> counts(List<String> keys, Instant now, Duration window);

    /** Counts one more failure for each key (starting a new window where none runs); returns the counts after it. */
    Map<String, Count> add(List<String> keys, Instant now, Duration window);

    /** Forgets one key's count. */
    void clear(String key);

    /** Forgets every count; returns how many there were. */
    int clearAll();

    /**
     * When a window ends: the end set when it started, or sooner when the window has been shortened since.
     *
     * @param endSetAtStart null for a window counted before ends were kept (it ends one current window after its start)
     */
    static Instant endOf(Instant start, Instant endSetAtStart, Duration window) {
        Instant byWindow = start.plus(window);
        return endSetAtStart == null || byWindow.isBefore(endSetAtStart) ? byWindow : endSetAtStart;
    }
}
