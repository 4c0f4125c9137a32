package dev.llmproxy.testing;

import java.util.Random;
import java.util.function.Consumer;

/**
 * Property tests on plain JUnit 5: a check run on many generated inputs, each drawn from its own seed. The seeds
 * come from a base seed, new each run (so runs explore) unless {@code -Dtries.seed=N} replays one; a failure names
 * its seed, and {@code -Dtries.seed=<that seed> -Dtries.count=1} runs that case alone.
 */
public final class Tries {

    private Tries() {
    }

    /** Runs {@code check} {@code count} times, each with a {@link Random} of its own seed. */
    public static void of(int count, Consumer<Random> check) {
        Long replay = Long.getLong("tries.seed");
        long base = replay != null ? replay : new Random().nextLong();
        int n = replay != null ? Integer.getInteger("tries.count", count) : count;
        Random seeds = new Random(base);
        for (int i = 0; i < n; i++) {
            long seed = i == 0 ? base : seeds.nextLong();
            try {
                check.accept(new Random(seed));
            } catch (AssertionError | RuntimeException e) {
                throw new AssertionError("failed for seed " + seed + " (try " + (i + 1) + " of " + n
                        + "; replay with -Dtries.seed=" + seed + " -Dtries.count=1): " + e.getMessage(), e);
            }
        }
    }

    /** Text of any kind: ASCII, other scripts, control characters, lone surrogates, JSON's own punctuation. */
    public static String text(Random r, int maxLength) {
        int length = r.nextInt(maxLength + 1);
        StringBuilder sb = new StringBuilder(length);
        String punctuation = "{}[]\":,\\/ \n\t0123456789.-+eEtrufalsn";
        for (int i = 0; i < length; i++) {
            switch (r.nextInt(5)) {
                case 0 -> sb.append(punctuation.charAt(r.nextInt(punctuation.length())));
                case 1 -> sb.append((char) (0x20 + r.nextInt(0x5F)));
                case 2 -> sb.append((char) r.nextInt(0x20));
                case 3 -> sb.append((char) (0xD800 + r.nextInt(0x800)));
                default -> sb.appendCodePoint(0xA0 + r.nextInt(0x2FFFF));
            }
        }
        return sb.toString();
    }
}
