package dev.llmproxy.domain.routing;

import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;

/**
 * A limit on work in flight with a line served in order: admission's slots for requests and each model's slots for
 * its calls. Non-blocking: a place in line is a future, completed when a slot is handed over; cancelling it gives up
 * the place. Every slot taken (at once or handed over) must be {@link #release() released} exactly once.
 */
public final class Slots {

    /**
     * A request for a slot.
     *
     * @param granted  completes when the slot is taken (already, unless the request waits in line)
     * @param position the place in line when the request joined it (0 if it took a slot at once)
     */
    public record Place(CompletableFuture<Void> granted, int position) {
        public boolean waiting() {
            return position > 0;
        }
    }

    private final ArrayDeque<CompletableFuture<Void>> line = new ArrayDeque<>();
    private int taken;

    /**
     * A slot at once while fewer than {@code limit} are taken and nobody is in line before; else a place in line
     * while fewer than {@code maxWaiting} wait; else nothing.
     *
     * @return the place, or null when the line is full
     */
    public Place take(int limit, int maxWaiting) {
        CompletableFuture<Void> granted;
        int position;
        synchronized (this) {
            if (taken < limit && line.isEmpty()) {
                taken++;
                return new Place(CompletableFuture.completedFuture(null), 0);
            }
            if (line.size() >= maxWaiting) {
                return null;
            }
            granted = new CompletableFuture<>();
            line.addLast(granted);
            position = line.size();
        }
        granted.whenComplete((v, e) -> {
            if (granted.isCancelled()) {
                leave(granted);
            }
        });
        return new Place(granted, position);
    }

    /** Gives a slot back: it passes straight to the first in line still waiting, else it is free. */
    public void release() {
        while (true) {
            CompletableFuture<Void> next;
            synchronized (this) {
                next = line.pollFirst();
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
        return line.size();
    }

    private synchronized void leave(CompletableFuture<Void> place) {
        line.remove(place);
    }
}
