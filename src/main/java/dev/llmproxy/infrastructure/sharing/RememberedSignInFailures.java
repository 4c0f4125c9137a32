package dev.llmproxy.infrastructure.sharing;

import dev.llmproxy.domain.security.InMemorySignInFailures;
import dev.llmproxy.domain.security.SignInFailures;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Failed sign-ins of an instance alone on its database (embedded H2, which one process opens): counted exactly in
 * memory, each key's count read back from the database the first time it is met (so a restart forgets no lock-out),
 * and every failure written behind to it in order ({@link #save}, each second and on the way down). A crash loses at
 * most the last second's failures.
 */
final class RememberedSignInFailures implements SignInFailures {

    private static final Logger LOG = Logger.getLogger(RememberedSignInFailures.class.getName());
    /** Past this many keys read, the set starts again: a key read twice costs a read, not a wrong count. */
    private static final int READ_AT_MOST = 10_000;

    private record Failure(List<String> keys, Instant at, Duration window) {
    }

    private final InMemorySignInFailures counts = new InMemorySignInFailures();
    private final SignInFailures database;
    private final Set<String> read = ConcurrentHashMap.newKeySet();
    private final Queue<Failure> unwritten = new ConcurrentLinkedQueue<>();

    RememberedSignInFailures(SignInFailures database) {
        this.database = database;
    }

    @Override
    public Map<String, Count> counts(List<String> keys, Instant now, Duration window) {
        readBack(keys, now, window);
        return counts.counts(keys, now, window);
    }

    @Override
    public Map<String, Count> add(List<String> keys, Instant now, Duration window) {
        readBack(keys, now, window);
        unwritten.add(new Failure(List.copyOf(keys), now, window));
        return counts.add(keys, now, window);
    }

    @Override
    public void clear(String key) {
        counts.clear(key);
        save();
        database.clear(key);
    }

    @Override
    public int clearAll() {
        int own = counts.clearAll();
        save();
        return Math.max(own, database.clearAll());
    }

    /** Writes the failures counted since the last save, in the order they came; what cannot be written waits. */
    synchronized void save() {
        try {
            for (Failure f = unwritten.peek(); f != null; f = unwritten.peek()) {
                database.add(f.keys(), f.at(), f.window());
                unwritten.poll();
            }
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "Could not write failed sign-ins behind; " + unwritten.size() + " wait", e);
        }
    }

    private void readBack(List<String> keys, Instant now, Duration window) {
        List<String> unread = keys.stream().filter(k -> !read.contains(k)).toList();
        if (unread.isEmpty()) {
            return;
        }
        try {
            database.counts(unread, now, window).forEach(counts::remember);
            if (read.size() > READ_AT_MOST) {
                read.clear();
            }
            read.addAll(unread);
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "Could not read failed sign-ins back; counting on what is in memory", e);
        }
    }
}
