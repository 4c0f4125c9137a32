package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.streaming.Backpressure;
import dev.llmproxy.domain.streaming.StreamEvent;
import dev.llmproxy.domain.streaming.UpstreamEvents;

import java.util.function.Supplier;

/**
 * A racer's stream events in a {@link HedgeRace}: dropped unless the racer wins with its first one, then relayed to
 * the observer made once it has won. The events of one attempt come one at a time.
 */
final class RaceEntrant implements UpstreamEvents {

    private final HedgeRace race;
    private final RunContext racer;
    private final Supplier<UpstreamEvents> relay;
    private UpstreamEvents won;

    RaceEntrant(HedgeRace race, RunContext racer, Supplier<UpstreamEvents> relay) {
        this.race = race;
        this.racer = racer;
        this.relay = relay;
    }

    @Override
    public void onEvent(StreamEvent event, Backpressure valve) {
        if (won == null) {
            if (!race.claim(racer)) {
                return; // the other racer answered first: nothing of this one reaches the client
            }
            won = relay.get();
        }
        won.onEvent(event, valve);
    }
}
