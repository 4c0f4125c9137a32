package dev.llmproxy.infrastructure.limits;

import dev.llmproxy.domain.limits.Decision;

import java.time.Instant;
import java.util.Arrays;
import java.util.List;

/**
 * A shared store that enters several requests of a window at once, for an instance to admit them without asking
 * again ({@link LeasedLimits}), and takes back what such an instance did not use.
 */
interface LeaseStore {

    /**
     * Takes back what was given, then enters {@code wanted[i]} requests in {@code rows.get(i)}: all rows or none, and
     * none when any row's window is full; fewer than wanted where a window has less room, never fewer than one.
     */
    Entered enter(List<CountRow> rows, int[] wanted, List<Unspent> giveBack, Instant now);

    /** One request wanted per row: what a store's plain take enters. */
    static int[] oneEach(List<CountRow> rows) {
        int[] one = new int[rows.size()];
        Arrays.fill(one, 1);
        return one;
    }

    /**
     * What the store entered.
     *
     * @param decision refused, or allowed with what each window holds now (what was entered included)
     * @param entered  how many of each row it entered (empty when refused)
     * @param slots    the slot each row's requests were entered in, where more than one was (what a give-back names)
     */
    record Entered(Decision decision, int[] entered, long[] slots) {

        /** Nothing entered: a window was full. */
        static Entered refused(Decision.Refused refused) {
            return new Entered(refused, new int[0], new long[0]);
        }
    }

    /** Requests entered in a slot of a row and never admitted: to be taken out of its count. */
    record Unspent(String key, long slot, int count) {
    }
}
