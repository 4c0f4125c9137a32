package dev.llmproxy.domain.routing;

import java.util.concurrent.CompletableFuture;

/**
 * A limit on work in flight with a line: admission's slots for requests and each model's slots for its calls.
 * Non-blocking: a place in line is a future, completed when a slot is handed over; cancelling it gives up the place.
 * Every slot taken (at once or handed over) must be {@link #release() released} exactly once.
 *
 * <p>The line has classes, the first served first, and within a class parties (e.g. callers), which take turns: a
 * freed slot goes to the next party in the class's rotation, and each party's own requests keep their order, so one
 * party's burst waits behind its own requests instead of everyone else's (fair queuing, each party weighing the same).
 * A line of one class and one party is first come, first served. When the line is full, a newcomer takes the newest
 * place of the lowest class below its own, else of the party of its class with the most places, when that party has
 * more than the newcomer's party would (one party's flood cannot shut the others out); that place fails with
 * {@link Displaced}.
 */
public final class Slots {

    /**
     * A request for a slot.
     *
     * @param granted  completes when the slot is taken (already, unless the request waits in line); fails with
     *                 {@link Displaced} when a newcomer took its place in a full line
     * @param position how many waited when the request joined the line, itself included (0 if it took a slot at once)
     */
    public record Place(CompletableFuture<Void> granted, int position) {
        public boolean waiting() {
            return position > 0;
        }
    }

    /** A place in line given up to a newcomer, the line being full. */
    public static final class Displaced extends RuntimeException {
        private final boolean byHigherClass;

        Displaced(boolean byHigherClass) {
            super(byHigherClass ? "displaced by a request of a higher class"
                    : "displaced by another party's request: this one's party had the most places", null, false, false);
            this.byHigherClass = byHigherClass;
        }

        /** Whether a request of a higher class took the place (else another party of the same class). */
        public boolean byHigherClass() {
            return byHigherClass;
        }
    }

    private final PartyLine[] classes;
    private int waiting;
    private int taken;

    /** @param classes how many classes the line has (1: first come, first served) */
    public Slots(int classes) {
        this.classes = new PartyLine[classes];
        for (int i = 0; i < classes; i++) {
            this.classes[i] = new PartyLine();
        }
    }

    public Slots() {
        this(1);
    }

    /** As {@link #take(int, int, int, Object)} in a line of one class and one party. */
    public Place take(int limit, int maxWaiting) {
        return take(limit, maxWaiting, 0, "");
    }

    /**
     * A slot at once while fewer than {@code limit} are taken and nobody waits; else a place in line while fewer than
     * {@code maxWaiting} wait, or, the line being full, in the place of the newest of a lower class than
     * {@code lineClass}; else nothing.
     *
     * @param lineClass the class of the line to wait in (0 first)
     * @param party     whose request it is: the parties of a class take turns
     * @return the place, or null when the line is full
     */
    public Place take(int limit, int maxWaiting, int lineClass, Object party) {
        CompletableFuture<Void> granted = new CompletableFuture<>();
        CompletableFuture<Void> displaced = null;
        boolean byHigherClass = true;
        int position;
        synchronized (this) {
            if (taken < limit && waiting == 0) {
                taken++;
                return new Place(CompletableFuture.completedFuture(null), 0);
            }
            if (waiting >= maxWaiting) {
                displaced = newestBelow(lineClass);
                if (displaced == null) {
                    byHigherClass = false;
                    displaced = classes[lineClass].takeNewestOfLongest(party);
                }
                if (displaced == null) {
                    return null;
                }
                waiting--;
            }
            classes[lineClass].add(party, granted);
            position = ++waiting;
        }
        if (displaced != null) {
            displaced.completeExceptionally(new Displaced(byHigherClass)); // left the line above: completed outside the lock
        }
        granted.whenComplete((v, e) -> {
            if (granted.isCancelled()) {
                leave(granted);
            }
        });
        return new Place(granted, position);
    }

    /** Gives a slot back: it passes to the next in line still waiting, else it is free. */
    public void release() {
        while (true) {
            CompletableFuture<Void> next;
            synchronized (this) {
                next = next();
                if (next == null) {
                    taken--;
                    return;
                }
            }
            if (next.complete(null)) {
                return; // handed over: taken stays the same
            }
            // given up in the meantime: pass the slot on
        }
    }

    public synchronized int taken() {
        return taken;
    }

    public synchronized int waiting() {
        return waiting;
    }

    /** The first place of the next party in turn of the first class with any; taken out of the line. */
    private CompletableFuture<Void> next() {
        for (PartyLine line : classes) {
            CompletableFuture<Void> first = line.next();
            if (first != null) {
                waiting--;
                return first;
            }
        }
        return null;
    }

    /** The newest place of the lowest class below {@code lineClass}, taken out of the line; null if none. */
    private CompletableFuture<Void> newestBelow(int lineClass) {
        for (int c = classes.length - 1; c > lineClass; c--) {
            CompletableFuture<Void> newest = classes[c].takeNewest();
            if (newest != null) {
                return newest;
            }
        }
        return null;
    }

    private synchronized void leave(CompletableFuture<Void> place) {
        for (PartyLine line : classes) {
            if (line.remove(place)) {
                waiting--;
                return;
            }
        }
    }
}
