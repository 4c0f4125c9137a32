package dev.llmproxy.domain.security;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Failed sign-ins counted per key (a user name, a hashed client address) in fixed windows that start at a key's first
 * failure. Shared by every instance when it lives in the database.
 */
public interface SignInFailures {

    /** @param failures failed sign-ins since {@code windowStart} */
    record Count(int failures, Instant windowStart) {
        public Instant windowEnd(Duration window) {
            return windowStart.plus(window);
        }
    }

    /** The counts of the keys whose window is still running at {@code now}; a key without one is absent. */
    Map<String, Count> counts(List<String> keys, Instant now, Duration window);

    /** Counts one more failure for each key (starting a new window where none runs); returns the counts after it. */
    Map<String, Count> add(List<String> keys, Instant now, Duration window);

    /** Forgets one key's count. */
    void clear(String key);

    /** Forgets every count; returns how many there were. */
    int clearAll();
}
