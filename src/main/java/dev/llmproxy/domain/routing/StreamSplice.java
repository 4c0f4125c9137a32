package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.streaming.Backpressure;
import dev.llmproxy.domain.streaming.ClientStream;
import dev.llmproxy.domain.streaming.StreamEvent;
import dev.llmproxy.domain.streaming.StreamStats;
import dev.llmproxy.domain.streaming.UpstreamEvents;
import dev.llmproxy.domain.upstream.UpstreamReply;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The streaming side of one chain run: relays each attempt's events to the client's sink, opening it on the first
 * content, and keeps the answer so far so that another model can continue it after a break. Events of one attempt
 * arrive on one thread; attempts follow each other, each completion handed over through its future.
 *
 * <p>A tool call is never spliced: its deltas are of no use to a client until the call is complete, so from an
 * attempt's first tool-call delta on its events are held back until it ends. A break while they are held drops them,
 * as if they had never come, and the next model starts that part afresh (from scratch when no text went out before).
 * Only a tool call longer than {@link #MAX_HELD_CHARS} is relayed as it comes; once one has reached the client, a
 * break can only end the stream with an error.
 */
final class StreamSplice {

    static final int MAX_HELD_CHARS = 256 * 1024;

    private final ClientStream sink;
    private final Clock clock;
    private final Instant requestStart;
    private final StringBuilder partial = new StringBuilder();
    private Long firstTokenMs;
    private int events;
    private final ProducedTokens produced = new ProducedTokens();
    private int malformed;
    private int continuations;
    private boolean openedOnFallback;
    private String breakCause;
    private boolean toolCallRelayed;
    /** The current attempt's events held back since its first tool-call delta, and their size. */
    private final List<StreamEvent> held = new ArrayList<>();
    private int heldChars;
    private boolean holdingToolCall;
    private final CommitWindow window;
    private Runnable openForHeld;

    StreamSplice(ClientStream sink, Clock clock, CommitWindow window) {
        this.sink = sink;
        this.window = window;
        this.clock = clock;
        this.requestStart = clock.instant();
    }

    /** The observer for an attempt on {@code candidate}; {@code fallback} and {@code saw429} as of its start. */
    UpstreamEvents observerFor(Candidate candidate, boolean fallback, boolean saw429) {
        boolean continuation = sink.isOpen();
        held.clear();
        heldChars = 0;
        holdingToolCall = false;
        window.restart();
        Runnable open = new Runnable() {
            private boolean done;

            @Override
            public void run() {
                if (done) {
                    return;
                }
                done = true;
                if (!sink.isOpen()) {
                    firstTokenMs = Duration.between(requestStart, clock.instant()).toMillis();
                    openedOnFallback = fallback;
                    sink.open(candidate.model(), candidate.model().upstreamModel(), fallback, saw429);
                } else if (continuation) {
                    sink.spliced(candidate.model(), candidate.model().upstreamModel());
                }
            }
        };
        openForHeld = open;
        AtomicLong producedHere = produced.of(candidate.model().name());
        return (event, valve) -> {
            producedHere.addAndGet(ProducedTokens.in(event));
            if ((event.toolCall() || holdingToolCall) && !toolCallRelayed) {
                holdingToolCall = true;
                hold(event);
                if (heldChars > MAX_HELD_CHARS) {
                    releaseHeld(); // too long to hold: relayed as it comes, and no longer continuable
                }
                return;
            }
            if (!sink.isOpen() && window.holds(event)) {
                hold(event);
                return;
            }
            releaseHeld(); // the commit window has just passed: what it held goes first
            open.run();
            relay(event, valve);
        };
    }

    private void relay(StreamEvent event, Backpressure valve) {
        partial.append(event.text());
        events++;
        toolCallRelayed |= event.toolCall();
        sink.event(event, valve);
    }

    private void hold(StreamEvent event) {
        held.add(event);
        heldChars += event.size();
    }

    /** The attempt ended whole (or its window passed): what it held back goes out now, in order. */
    private void releaseHeld() {
        if (held.isEmpty()) {
            return;
        }
        openForHeld.run();
        for (StreamEvent e : held) {
            relay(e, Backpressure.NONE);
        }
        held.clear();
        heldChars = 0;
    }

    /** Whether a break can still be continued: no tool call has reached the client. */
    boolean continuable() {
        return !toolCallRelayed;
    }

    boolean committed() {
        return sink.isOpen();
    }

    String partialAnswer() {
        return partial.toString();
    }

    /** The output tokens the attempts on that model have produced so far ({@link ProducedTokens}). */
    long produced(String model) {
        return produced.so(model);
    }

    void ended(UpstreamReply.StreamEnded e) {
        malformed += e.malformed();
        releaseHeld();
    }

    void broken(Candidate candidate, UpstreamReply.StreamBroken b) {
        malformed += b.malformed();
        held.clear(); // a tool call cut short, or a break inside the commit window: never shown, answered afresh
        heldChars = 0;
        if (breakCause == null) {
            // the caller's words: the provider's own (b.detail()) go to the server and request logs only
            breakCause = "the answer from " + candidate.model().name() + " broke off after " + events + " events ("
                    + b.kind().name().toLowerCase() + ")";
        }
    }

    void continuing() {
        continuations++;
    }

    int continuations() {
        return continuations;
    }

    /** Whether any part of the answer came from a model other than the chain's first. */
    boolean fallback() {
        return openedOnFallback || continuations > 0;
    }

    /** The first break, which is the real cause when no continuation succeeds. */
    String breakCause() {
        return breakCause;
    }

    StreamStats stats() {
        return new StreamStats(firstTokenMs, events, malformed, continuations);
    }
}
