package dev.llmproxy.application.proxy;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeoutException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LastResortTimeoutTest {

    private final List<Duration> asked = new ArrayList<>();
    private final List<CompletableFuture<Void>> timers = new ArrayList<>();

    private CompletableFuture<Void> sleep(Duration d) {
        asked.add(d);
        CompletableFuture<Void> timer = new CompletableFuture<>();
        timers.add(timer);
        return timer;
    }

    @Test
    void aRequestStillOpenAtTheLimitFailsWithATimeout() {
        CompletableFuture<String> outcome = new CompletableFuture<>();
        LastResortTimeout.failAfter(outcome, Duration.ofSeconds(50), this::sleep);
        assertEquals(List.of(Duration.ofSeconds(50)), asked);
        timers.get(0).complete(null);
        CompletionException e = assertThrows(CompletionException.class, outcome::join);
        assertInstanceOf(TimeoutException.class, e.getCause());
        assertTrue(e.getCause().getMessage().contains("50000 ms"));
    }

    @Test
    void aRequestThatEndsInTimeEndsItsTimerAndKeepsItsResult() {
        CompletableFuture<String> outcome = new CompletableFuture<>();
        LastResortTimeout.failAfter(outcome, Duration.ofSeconds(50), this::sleep);
        outcome.complete("answer");
        assertTrue(timers.get(0).isDone());
        assertEquals("answer", outcome.join());
    }
}
