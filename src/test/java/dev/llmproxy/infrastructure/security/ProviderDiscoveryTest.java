package dev.llmproxy.infrastructure.security;

import dev.llmproxy.application.security.SignInRefused;
import dev.llmproxy.testing.MutableClock;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.awaitility.Awaitility.await;

/** A provider that is down or slow costs each caller a short wait at most, and is asked once at a time. */
class ProviderDiscoveryTest {

    private final MutableClock clock = new MutableClock(Instant.parse("2026-12-06T00:00:00Z"));
    private final AtomicInteger attempts = new AtomicInteger();

    @Test
    void whileOneDiscoveryHangsEveryCallerIsRefusedAfterAShortWaitAndTheProviderIsAskedOnce() throws Exception {
        CountDownLatch answer = new CountDownLatch(1);
        ProviderDiscovery<String> discovery = new ProviderDiscovery<>(() -> {
            attempts.incrementAndGet();
            try {
                answer.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return "keys";
        }, clock, Duration.ofMillis(50), Duration.ofSeconds(5));
        ExecutorService callers = Executors.newFixedThreadPool(8);
        try {
            List<Future<Throwable>> refusals = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                refusals.add(callers.submit(() -> catchThrowable(discovery::get)));
            }
            for (Future<Throwable> r : refusals) {
                assertThat(r.get()).isInstanceOfSatisfying(SignInRefused.class,
                        e -> assertThat(e.providerFault()).isTrue());
            }
            assertThat(attempts).hasValue(1);
            answer.countDown();
            await().atMost(Duration.ofSeconds(5)).ignoreExceptions().until(() -> "keys".equals(discovery.get()));
            assertThat(attempts).hasValue(1);
        } finally {
            callers.shutdownNow();
        }
    }

    @Test
    void afterAFailureCallersAreRefusedAtOnceUntilTheNextTryIsDue() {
        ProviderDiscovery<String> discovery = new ProviderDiscovery<>(() -> {
            if (attempts.incrementAndGet() == 1) {
                throw new SignInRefused("down", true, null);
            }
            return "keys";
        }, clock, Duration.ofSeconds(5), Duration.ofSeconds(5));
        assertThatThrownBy(discovery::get).isInstanceOf(SignInRefused.class).hasMessageContaining("down");
        assertThatThrownBy(discovery::get).isInstanceOf(SignInRefused.class).hasMessageContaining("down");
        assertThat(attempts).hasValue(1);
        clock.advance(Duration.ofSeconds(5));
        assertThat(catchThrowable(() -> assertThat(discovery.get()).isEqualTo("keys"))).isNull();
        assertThat(attempts).hasValue(2);
    }
}
