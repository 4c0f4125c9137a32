import dev.llmproxy.domain.latency.LatencyKind;
import dev.llmproxy.domain.latency.ModelLatencies;
import org.HdrHistogram.Histogram;

import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * What the chain's latency bookkeeping costs one request: the deadline check before its attempt (a percentile read)
 * and the two records after it (first token, whole answer), on the real clock, with 50 models of history and a
 * second thread doing the same on the same models meanwhile. Prints the cost per request in microseconds.
 */
public final class LatencyBookkeeping {

    private static final int MODELS = 50;

    public static void main(String[] args) throws Exception {
        int requests = args.length > 0 ? Integer.parseInt(args[0]) : 2_000_000;
        ModelLatencies latencies = new ModelLatencies(Clock.systemUTC());
        String[] models = new String[MODELS];
        for (int i = 0; i < MODELS; i++) {
            models[i] = "model-" + i;
            for (int j = 0; j < 1_000; j++) {
                request(latencies, models[i]);
            }
        }
        AtomicBoolean running = new AtomicBoolean(true);
        Thread neighbour = new Thread(() -> {
            while (running.get()) {
                request(latencies, models[ThreadLocalRandom.current().nextInt(MODELS)]);
            }
        });
        neighbour.setDaemon(true);
        neighbour.start();
        Histogram nanos = new Histogram(3);
        for (int round = 0; round < 2; round++) { // the first round warms the JIT up and is not reported
            nanos.reset();
            for (int i = 0; i < requests; i++) {
                String model = models[i % MODELS];
                long start = System.nanoTime();
                request(latencies, model);
                nanos.recordValue(System.nanoTime() - start);
            }
        }
        running.set(false);
        System.out.printf("latency bookkeeping per request (%d requests, %d models, one neighbour thread):%n",
                requests, MODELS);
        System.out.printf("  p50 %.2f us   p90 %.2f us   p99 %.2f us   p99.9 %.2f us   max %.1f us%n",
                nanos.getValueAtPercentile(50) / 1000.0, nanos.getValueAtPercentile(90) / 1000.0,
                nanos.getValueAtPercentile(99) / 1000.0, nanos.getValueAtPercentile(99.9) / 1000.0,
                nanos.getMaxValue() / 1000.0);
    }

    /** One request's share: the forecast before the call, then what the call measured. */
    private static void request(ModelLatencies latencies, String model) {
        latencies.percentile(model, LatencyKind.FIRST_TOKEN, 90);
        long first = 200 + ThreadLocalRandom.current().nextInt(800);
        latencies.record(model, LatencyKind.FIRST_TOKEN, Duration.ofMillis(first));
        latencies.record(model, LatencyKind.TOTAL, Duration.ofMillis(first + ThreadLocalRandom.current().nextInt(5_000)));
    }
}
