package dev.llmproxy.domain.latency;

import java.time.Clock;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Consumer;

/**
 * What each model has needed lately: its time to first token (streams) and its total time, over the last
 * {@link #WINDOW}: measured on this instance, plus what the other instances tell of theirs when they share a store
 * ({@link #heard}). A model whose window holds fewer than {@link #MIN_SAMPLES} answers has no
 * percentile: one slow answer says little, and nothing is decided on it.
 */
public final class ModelLatencies {

    public static final Duration WINDOW = Duration.ofMinutes(5);
    public static final int MIN_SAMPLES = 20;

    /** A model's window of one kind, for the console and metrics; the percentiles are null below the minimum. */
    public record Summary(long count, Duration p50, Duration p90, Duration p99) {
    }

    private final Clock clock;
    private final Consumer<LatencySample> told;
    private final ConcurrentMap<String, Map<LatencyKind, SlidingHistogram>> models = new ConcurrentHashMap<>();

    public ModelLatencies(Clock clock) {
        this(clock, sample -> { });
    }

    /** @param told told of each latency this instance measures (never of one it heard of) */
    public ModelLatencies(Clock clock, Consumer<LatencySample> told) {
        this.clock = clock;
        this.told = told;
    }

    public void record(String model, LatencyKind kind, Duration latency) {
        keep(model, kind, latency.toMillis());
        told.accept(new LatencySample(model, kind, latency.toMillis()));
    }

    /** A latency another instance measured: counted as if measured here now. */
    public void heard(LatencySample sample) {
        keep(sample.model(), sample.kind(), sample.millis());
    }

    private void keep(String model, LatencyKind kind, long millis) {
        models.computeIfAbsent(model, m -> windows()).get(kind).record(clock.millis(), millis);
    }

    /** The model's latency at {@code percentile} (1 to 99), if its window holds enough answers to tell. */
    public Optional<Duration> percentile(String model, LatencyKind kind, int percentile) {
        SlidingHistogram window = window(model, kind);
        long now = clock.millis();
        if (window == null || window.count(now) < MIN_SAMPLES) {
            return Optional.empty();
        }
        return Optional.of(Duration.ofMillis(window.at(now, percentile)));
    }

    public Summary summary(String model, LatencyKind kind) {
        SlidingHistogram window = window(model, kind);
        long now = clock.millis();
        long count = window == null ? 0 : window.count(now);
        if (count < MIN_SAMPLES) {
            return new Summary(count, null, null, null);
        }
        return new Summary(count, Duration.ofMillis(window.at(now, 50)), Duration.ofMillis(window.at(now, 90)),
                Duration.ofMillis(window.at(now, 99)));
    }

    /** A latency as the proxy writes one for people: seconds with one decimal ("4.3"). */
    public static String seconds(Duration latency) {
        return String.format(Locale.ROOT, "%.1f", latency.toMillis() / 1000.0);
    }

    private SlidingHistogram window(String model, LatencyKind kind) {
        Map<LatencyKind, SlidingHistogram> windows = models.get(model);
        return windows == null ? null : windows.get(kind);
    }

    private static Map<LatencyKind, SlidingHistogram> windows() {
        Map<LatencyKind, SlidingHistogram> windows = new EnumMap<>(LatencyKind.class);
        for (LatencyKind kind : LatencyKind.values()) {
            windows.put(kind, new SlidingHistogram(WINDOW.toMillis() / SlidingHistogram.SLICES));
        }
        return windows;
    }
}
