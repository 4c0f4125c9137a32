package dev.llmproxy.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.BooleanSupplier;
import java.util.function.IntFunction;

/** Callers on threads of their own, all at once: how many of their attempts succeeded. */
public final class Concurrently {

    private Concurrently() {
    }

    /**
     * @param caller gives thread {@code i} its attempt, true when it succeeded
     * @return the attempts that succeeded, over all threads
     */
    public static int succeeded(int threads, int attemptsEach, IntFunction<BooleanSupplier> caller) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Callable<Integer>> callers = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                BooleanSupplier attempt = caller.apply(i);
                callers.add(() -> {
                    int ok = 0;
                    for (int j = 0; j < attemptsEach; j++) {
                        if (attempt.getAsBoolean()) {
                            ok++;
                        }
                    }
                    return ok;
                });
            }
            int total = 0;
            for (Future<Integer> f : pool.invokeAll(callers)) {
                total += f.get();
            }
            return total;
        } finally {
            pool.shutdownNow();
        }
    }
}
