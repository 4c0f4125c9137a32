package dev.llmproxy.domain.routing;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * The streaming side of one chain run: relays each attempt's events to the client's sink, opening it on the first
 * content, and keeps the answer so far so that another model can continue it after a break. Events of one attempt
 * arrive on one thread; attempts follow each other, each completion handed over through its future.
 */
final class StreamSplice {

    private final StreamSink sink;
    private final Clock clock;
    private final Instant requestStart;
    private final StringBuilder partial = new StringBuilder();
    private Long firstTokenMs;
    private int events;
    private int malformed;
    private int continuations;
    private boolean openedOnFallback;
    private String breakCause;

    StreamSplice(StreamSink sink, Clock clock) {
        this.sink = sink;
        this.clock = clock;
        this.requestStart = clock.instant();
    }

    /** The observer for an attempt on {@code candidate}; {@code fallback} and {@code saw429} as of its start. */
    StreamObserver observerFor(Candidate candidate, boolean fallback, boolean saw429) {
        boolean continuation = sink.isOpen();
        return new StreamObserver() {
            private boolean first = true;

            @Override
            public void onEvent(StreamEvent event, StreamValve valve) {
                if (first) {
                    first = false;
                    if (!sink.isOpen()) {
                        firstTokenMs = Duration.between(requestStart, clock.instant()).toMillis();
                        openedOnFallback = fallback;
                        sink.open(candidate.model(), candidate.model().upstreamModel(), fallback, saw429);
                    } else if (continuation) {
                        sink.spliced(candidate.model(), candidate.model().upstreamModel());
                    }
                }
                partial.append(event.text());
                events++;
                sink.event(event, valve);
            }
        };
    }

    boolean committed() {
        return sink.isOpen();
    }

    String partialAnswer() {
        return partial.toString();
    }

    void ended(UpstreamReply.StreamEnded e) {
        malformed += e.malformed();
    }

    void broken(Candidate candidate, UpstreamReply.StreamBroken b) {
        malformed += b.malformed();
        if (breakCause == null) {
            breakCause = "the answer from " + candidate.model().name() + " broke off after " + events + " events ("
                    + b.kind().name().toLowerCase() + ": " + b.detail() + ")";
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
