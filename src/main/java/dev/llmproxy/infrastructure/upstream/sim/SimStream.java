package dev.llmproxy.infrastructure.upstream.sim;

import dev.llmproxy.domain.answer.Finish;
import dev.llmproxy.domain.failure.StreamBreak;
import dev.llmproxy.domain.streaming.Backpressure;
import dev.llmproxy.domain.streaming.StreamEvent;
import dev.llmproxy.domain.upstream.UpstreamCall;
import dev.llmproxy.domain.upstream.UpstreamReply;
import dev.llmproxy.infrastructure.upstream.Timers;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledFuture;

/** Streams a simulated answer word by word; each word is scheduled by the previous one, so events are ordered. */
final class SimStream implements Backpressure {
    private static final Duration BETWEEN_WORDS = Duration.ofMillis(15);
    private final Timers timers;
    private final UpstreamCall call;
    private final UpstreamReply.Completed answer;
    private final String[] words;
    private final int cutAfter;
    private final CompletableFuture<UpstreamReply> result;
    private int sent;
    private volatile ScheduledFuture<?> next;
    private boolean paused;
    private boolean tickOwed;

    SimStream(Timers timers, UpstreamCall call, UpstreamReply.Completed answer, int cutAfter,
              CompletableFuture<UpstreamReply> result) {
        this.timers = timers;
        this.call = call;
        this.answer = answer;
        this.words = answer.chat().message().text().split("(?<= )");
        this.cutAfter = cutAfter;
        this.result = result;
        result.whenComplete((r, e) -> {
            ScheduledFuture<?> n = next;
            if (n != null) {
                n.cancel(false);
            }
        });
    }

    void start(Duration latency) {
        next = timers.schedule(latency, this::tick);
    }

    @Override
    public synchronized void pause() {
        paused = true;
    }

    @Override
    public synchronized void resume() {
        paused = false;
        if (tickOwed) {
            tickOwed = false;
            next = timers.schedule(BETWEEN_WORDS, this::tick);
        }
    }

    private void tick() {
        if (result.isDone()) {
            return;
        }
        synchronized (this) {
            if (paused) {
                tickOwed = true;
                return;
            }
        }
        if (sent == cutAfter) {
            result.complete(new UpstreamReply.StreamBroken(StreamBreak.CUT,
                    "connection closed mid-answer (simulated)", answer.answeredModel(), sent, 0, null));
            return;
        }
        if (sent == words.length) {
            result.complete(new UpstreamReply.StreamEnded(answer.answeredModel(), answer.finish(),
                    answer.usage(), sent, 0, null));
            return;
        }
        String word = words[sent++];
        Finish finish = sent == words.length ? answer.finish() : null;
        call.stream().onEvent(new StreamEvent(word, finish), this);
        next = timers.schedule(BETWEEN_WORDS, this::tick);
    }
}
