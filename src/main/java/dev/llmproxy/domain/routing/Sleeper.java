package dev.llmproxy.domain.routing;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/** Waits without holding a thread; tests substitute one that advances a fake clock. */
public interface Sleeper {
    CompletableFuture<Void> sleep(Duration duration);
}
