package dev.llmproxy.infrastructure.sharing;

import dev.llmproxy.domain.latency.LatencyKind;
import dev.llmproxy.domain.latency.LatencySample;
import dev.llmproxy.domain.routing.Sleeper;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.StringJoiner;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * Model latencies shared through Redis: what each instance measures is told to the others about once a second, in
 * one message per flush, so that every instance plans with the latencies of all (a model slow for one instance's
 * callers is slow for the others' too). Heard samples count as measured when heard, a second late at most in a
 * five-minute window. Without Redis each instance keeps its own. A flush tells at most {@link #MAX_PER_FLUSH}
 * samples; beyond that many a second, more would not change a percentile.
 */
@ApplicationScoped
public class SharedLatencies {

    static final String CHANNEL = "latencies";
    static final Duration FLUSH_EVERY = Duration.ofSeconds(1);
    static final int MAX_PER_FLUSH = 5_000;

    private final RedisConnection redis;

    @Inject
    SharedLatencies(RedisConnection redis) {
        this.redis = redis;
    }

    /** For the container's client proxy. */
    protected SharedLatencies() {
        this(null);
    }

    /** What tells the other instances of this instance's latencies (nothing, without Redis); flushed by {@code timers}. */
    public Consumer<LatencySample> announcer(String instanceId, Sleeper timers) {
        if (!redis.configured()) {
            return sample -> { };
        }
        Outbox outbox = new Outbox(new PeerChannel(redis, CHANNEL, instanceId)::tell);
        flushEvery(timers, outbox);
        return outbox::add;
    }

    private static void flushEvery(Sleeper timers, Outbox outbox) {
        timers.sleep(FLUSH_EVERY).thenRun(() -> {
            try {
                outbox.flush();
            } finally {
                flushEvery(timers, outbox);
            }
        });
    }

    /** Hands the latencies the other instances tell of to {@code heard} (none, without Redis). */
    public void listen(String instanceId, Consumer<LatencySample> heard) {
        if (redis.configured()) {
            new PeerChannel(redis, CHANNEL, instanceId).listen(fields -> read(fields).forEach(heard));
        }
    }

    /** The samples waiting for the next flush. */
    static final class Outbox {

        private final Queue<LatencySample> waiting = new ConcurrentLinkedQueue<>();
        private final AtomicInteger size = new AtomicInteger();
        private final Consumer<String[]> tell;

        Outbox(Consumer<String[]> tell) {
            this.tell = tell;
        }

        void add(LatencySample sample) {
            if (size.incrementAndGet() <= MAX_PER_FLUSH) {
                waiting.add(sample);
            } else {
                size.decrementAndGet();
            }
        }

        void flush() {
            List<LatencySample> batch = new ArrayList<>();
            for (LatencySample s = waiting.poll(); s != null; s = waiting.poll()) {
                size.decrementAndGet();
                batch.add(s);
            }
            if (!batch.isEmpty()) {
                tell.accept(write(batch));
            }
        }
    }

    /** A batch as fields: model, kind, and its milliseconds comma-separated, for each model and kind in it. */
    static String[] write(List<LatencySample> batch) {
        record Group(String model, LatencyKind kind) { }
        Map<Group, StringJoiner> grouped = new LinkedHashMap<>();
        for (LatencySample s : batch) {
            grouped.computeIfAbsent(new Group(s.model(), s.kind()), k -> new StringJoiner(","))
                    .add(Long.toString(s.millis()));
        }
        List<String> fields = new ArrayList<>();
        grouped.forEach((group, millis) -> {
            fields.add(group.model());
            fields.add(group.kind().name());
            fields.add(millis.toString());
        });
        return fields.toArray(String[]::new);
    }

    /** The samples of a message; nothing of a message, or of a group in it, that is not one. */
    static List<LatencySample> read(String[] fields) {
        List<LatencySample> samples = new ArrayList<>();
        if (fields.length % 3 != 0) {
            return samples;
        }
        for (int i = 0; i < fields.length; i += 3) {
            String model = fields[i];
            try {
                LatencyKind kind = LatencyKind.valueOf(fields[i + 1]);
                List<LatencySample> group = new ArrayList<>();
                for (String ms : fields[i + 2].split(",")) {
                    long millis = Long.parseLong(ms);
                    if (millis >= 0 && !model.isEmpty()) {
                        group.add(new LatencySample(model, kind, millis));
                    }
                }
                samples.addAll(group);
            } catch (IllegalArgumentException e) {
                // not a group this version tells: left out
            }
        }
        return samples;
    }
}
