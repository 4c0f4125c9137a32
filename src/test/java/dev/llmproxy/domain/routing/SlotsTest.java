package dev.llmproxy.domain.routing;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SlotsTest {

    private final Slots slots = new Slots(3);
    private final List<String> served = new ArrayList<>();

    /** Queues a request of {@code party} in {@code lineClass}; it says so in {@link #served} when let in. */
    private Slots.Place queue(int lineClass, String party, String name) {
        Slots.Place place = slots.take(1, 10, lineClass, party);
        assertThat(place).isNotNull();
        place.granted().thenRun(() -> served.add(name));
        return place;
    }

    private void releaseAll() {
        while (slots.waiting() > 0) {
            slots.release();
        }
    }

    @Test
    void oneLineIsFirstComeFirstServed() {
        Slots fifo = new Slots();
        assertThat(fifo.take(1, 5).waiting()).isFalse();
        Slots.Place second = fifo.take(1, 5);
        Slots.Place third = fifo.take(1, 5);
        assertThat(second.position()).isEqualTo(1);
        assertThat(third.position()).isEqualTo(2);
        fifo.release();
        assertThat(second.granted()).isDone();
        assertThat(third.granted()).isNotDone();
        assertThat(fifo.take(1, 1)).as("the line is full").isNull();
    }

    @Test
    void partiesOfAClassTakeTurnsSoOnesBurstWaitsBehindItself() {
        slots.take(1, 10, 1, "runner"); // the slot in use
        for (int i = 1; i <= 4; i++) {
            queue(1, "flood", "flood-" + i);
        }
        queue(1, "steady", "steady-1");
        queue(1, "steady", "steady-2");

        releaseAll();

        assertThat(served).containsExactly("flood-1", "steady-1", "flood-2", "steady-2", "flood-3", "flood-4");
    }

    @Test
    void higherClassesGoFirst() {
        slots.take(1, 10, 1, "runner");
        queue(2, "b", "batch");
        queue(1, "s", "standard");
        queue(0, "i", "interactive");

        releaseAll();

        assertThat(served).containsExactly("interactive", "standard", "batch");
    }

    @Test
    void aFullLineLetsAHigherClassInInThePlaceOfTheNewestOfTheLowestClass() {
        Slots small = new Slots(3);
        small.take(1, 2, 1, "runner");
        Slots.Place olderBatch = small.take(1, 2, 2, "b1");
        Slots.Place newerBatch = small.take(1, 2, 2, "b2");

        assertThat(small.take(1, 2, 2, "b3")).as("batch waits for nobody's place").isNull();
        Slots.Place interactive = small.take(1, 2, 0, "i");

        assertThat(interactive).isNotNull();
        assertThatThrownBy(newerBatch.granted()::join).isInstanceOf(CompletionException.class)
                .hasCauseInstanceOf(Slots.Displaced.class);
        assertThat(olderBatch.granted()).isNotDone();
        assertThat(small.waiting()).isEqualTo(2);
        small.release();
        assertThat(interactive.granted()).isDone();
        assertThat(olderBatch.granted()).isNotDone();
    }

    @Test
    void aFullLineLetsAnotherPartyInInThePlaceOfTheNewestOfThePartyWithTheMost() {
        Slots small = new Slots(3);
        small.take(1, 3, 1, "runner");
        Slots.Place flood1 = small.take(1, 3, 1, "flood");
        small.take(1, 3, 1, "flood");
        Slots.Place flood3 = small.take(1, 3, 1, "flood");
        assertThat(small.take(1, 3, 1, "flood")).as("a party never displaces itself").isNull();

        Slots.Place steady = small.take(1, 3, 1, "steady");

        assertThat(steady).isNotNull();
        assertThatThrownBy(flood3.granted()::join).hasCauseInstanceOf(Slots.Displaced.class)
                .cause().satisfies(e -> assertThat(((Slots.Displaced) e).byHigherClass()).isFalse());
        assertThat(flood1.granted()).isNotDone();
        assertThat(small.waiting()).isEqualTo(3);
        assertThat(small.take(1, 3, 1, "steady")).as("two each: nobody has more than the newcomer would").isNull();
    }

    @Test
    void aPlaceGivenUpLeavesItsPartysTurn() {
        slots.take(1, 10, 1, "runner");
        Slots.Place gone = queue(1, "a", "a-1");
        queue(1, "b", "b-1");
        gone.granted().cancel(false);

        assertThat(slots.waiting()).isEqualTo(1);
        releaseAll();

        assertThat(served).containsExactly("b-1");
        slots.release();
        assertThat(slots.taken()).isZero();
    }
}
