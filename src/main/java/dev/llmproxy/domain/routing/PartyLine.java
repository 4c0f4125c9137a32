package dev.llmproxy.domain.routing;

import java.util.ArrayDeque;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * One class of a {@link Slots} line: its parties take turns, each with its own places in order. Not thread-safe: the
 * slots guard it.
 */
final class PartyLine {

    private final Map<Object, ArrayDeque<CompletableFuture<Void>>> parties = new LinkedHashMap<>();
    private final ArrayDeque<Object> turns = new ArrayDeque<>();
    /** Every place, newest last. */
    private final ArrayDeque<CompletableFuture<Void>> arrivals = new ArrayDeque<>();

    void add(Object party, CompletableFuture<Void> place) {
        ArrayDeque<CompletableFuture<Void>> own = parties.computeIfAbsent(party, p -> new ArrayDeque<>());
        if (own.isEmpty()) {
            turns.addLast(party);
        }
        own.addLast(place);
        arrivals.addLast(place);
    }

    /** The first place of the party whose turn it is, taken out; that party's next place waits for the others. */
    CompletableFuture<Void> next() {
        Object party = turns.pollFirst();
        if (party == null) {
            return null;
        }
        ArrayDeque<CompletableFuture<Void>> own = parties.get(party);
        CompletableFuture<Void> first = own.pollFirst();
        if (own.isEmpty()) {
            parties.remove(party);
        } else {
            turns.addLast(party);
        }
        arrivals.remove(first);
        return first;
    }

    /** The newest place, taken out; null if none. */
    CompletableFuture<Void> takeNewest() {
        CompletableFuture<Void> newest = arrivals.peekLast();
        if (newest != null) {
            remove(newest);
        }
        return newest;
    }

    /**
     * The newest place of the party with the most places, taken out, if that party has more than {@code newcomer}
     * would with one place more; null otherwise.
     */
    CompletableFuture<Void> takeNewestOfLongest(Object newcomer) {
        ArrayDeque<CompletableFuture<Void>> longest = null;
        for (ArrayDeque<CompletableFuture<Void>> own : parties.values()) {
            if (longest == null || own.size() > longest.size()) {
                longest = own;
            }
        }
        ArrayDeque<CompletableFuture<Void>> theirs = parties.get(newcomer);
        if (longest == null || longest.size() <= (theirs == null ? 0 : theirs.size()) + 1) {
            return null;
        }
        CompletableFuture<Void> newest = longest.peekLast();
        remove(newest);
        return newest;
    }

    /** @return whether the place was in this line */
    boolean remove(CompletableFuture<Void> place) {
        if (!arrivals.remove(place)) {
            return false;
        }
        for (Map.Entry<Object, ArrayDeque<CompletableFuture<Void>>> e : parties.entrySet()) {
            if (e.getValue().remove(place)) {
                if (e.getValue().isEmpty()) {
                    parties.remove(e.getKey());
                    turns.remove(e.getKey());
                }
                return true;
            }
        }
        return true;
    }
}
