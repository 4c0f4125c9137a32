package dev.llmproxy.domain.admission;

import dev.llmproxy.domain.config.AdmissionLimits;
import dev.llmproxy.domain.failure.ErrorKind;
import dev.llmproxy.domain.failure.ProxyException;
import dev.llmproxy.testing.MutableClock;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class AdmissionTest {

    private final MutableClock clock = MutableClock.atEpoch();
    /** Queue-wait timers the test fires by hand. */
    private final List<CompletableFuture<Void>> timers = new ArrayList<>();
    private AdmissionLimits limits = new AdmissionLimits(2, 2, Duration.ofSeconds(95));
    private final Admission admission = new Admission(() -> limits, clock, d -> {
        CompletableFuture<Void> t = new CompletableFuture<>();
        timers.add(t);
        return t;
    });

    private static ProxyException refusal(CompletableFuture<?> f) {
        try {
            f.join();
        } catch (CompletionException e) {
            return (ProxyException) e.getCause();
        }
        throw new AssertionError("not refused");
    }

    @Test
    void aFullQueueRefusesBatchFirstAndAnInteractiveRequestTakesTheNewestBatchPlace() {
        admission.admit(Priority.STANDARD, "k1").join();
        admission.admit(Priority.STANDARD, "k1").join();
        CompletableFuture<Admission.Ticket> batch = admission.admit(Priority.BATCH, "nightly");
        CompletableFuture<Admission.Ticket> standard = admission.admit(Priority.STANDARD, "k2");

        assertThat(refusal(admission.admit(Priority.BATCH, "nightly")).error().message()).contains("queue is full");
        CompletableFuture<Admission.Ticket> interactive = admission.admit(Priority.INTERACTIVE, "chat");

        ProxyException displaced = refusal(batch);
        assertThat(displaced.error().kind()).isEqualTo(ErrorKind.UNAVAILABLE);
        assertThat(displaced.error().message()).contains("a request of a higher priority took this one's place");
        assertThat(displaced.error().retryAfter()).isEqualTo(Duration.ofSeconds(1));
        assertThat(interactive).isNotDone();
        assertThat(standard).isNotDone();
        assertThat(admission.rejectedFull()).isEqualTo(2);
    }

    @Test
    void priorityIsLoweredOnRequestNeverRaised() {
        assertThat(Priority.INTERACTIVE.loweredTo(Priority.BATCH)).isEqualTo(Priority.BATCH);
        assertThat(Priority.BATCH.loweredTo(Priority.INTERACTIVE)).isEqualTo(Priority.BATCH);
        assertThat(Priority.STANDARD.loweredTo(null)).isEqualTo(Priority.STANDARD);
        assertThat(Priority.of("interactive")).hasValue(Priority.INTERACTIVE);
        assertThat(Priority.of("urgent")).isEmpty();
    }

    @Test
    void admitsUpToTheConcurrencyAtOnceThenQueuesThenRefusesAtOnce() {
        Admission.Ticket a = admission.admit().join();
        admission.admit().join();
        CompletableFuture<Admission.Ticket> third = admission.admit();
        CompletableFuture<Admission.Ticket> fourth = admission.admit();
        assertThat(third).isNotDone();
        assertThat(admission.queued()).isEqualTo(2);
        ProxyException full = refusal(admission.admit());
        assertThat(full.error().kind()).isEqualTo(ErrorKind.UNAVAILABLE);
        assertThat(full.error().message()).contains("queue is full (2 pending)");
        assertThat(full.error().retryAfter()).isEqualTo(Duration.ofSeconds(1));
        assertThat(admission.rejectedFull()).isEqualTo(1);

        clock.advance(Duration.ofSeconds(3));
        a.release();
        assertThat(third).isDone();
        assertThat(third.join().waited()).isEqualTo(Duration.ofSeconds(3));
        assertThat(fourth).isNotDone();
        assertThat(admission.running()).isEqualTo(2);
    }

    @Test
    void aQueuedRequestTimesOutNamingItsWaitAndPosition() {
        admission.admit().join();
        admission.admit().join();
        admission.admit();
        CompletableFuture<Admission.Ticket> second = admission.admit();
        clock.advance(Duration.ofSeconds(95));
        timers.get(1).complete(null);
        ProxyException timeout = refusal(second);
        assertThat(timeout.error().message()).isEqualTo("Timed out after waiting 95 s in queue; position was 2.");
        assertThat(admission.queued()).isEqualTo(1);
        assertThat(admission.timedOut()).isEqualTo(1);
    }

    @Test
    void aCancelledWaiterGivesUpItsPlaceAndTheSlotGoesToTheNext() {
        Admission.Ticket a = admission.admit().join();
        admission.admit().join();
        CompletableFuture<Admission.Ticket> gone = admission.admit();
        CompletableFuture<Admission.Ticket> next = admission.admit();
        gone.cancel(true);
        assertThat(admission.queued()).isEqualTo(1);
        a.release();
        assertThat(next).isDone();
        assertThat(admission.running()).isEqualTo(2);
    }

    @Test
    void releasingTwiceFreesOneSlot() {
        Admission.Ticket a = admission.admit().join();
        a.release();
        a.release();
        assertThat(admission.running()).isZero();
    }

    @Test
    void limitsChangeAtOnce() {
        admission.admit().join();
        admission.admit().join();
        limits = new AdmissionLimits(3, 0, Duration.ofSeconds(1));
        assertThat(admission.admit()).isDone();
        assertThatThrownBy(() -> admission.admit().join()).hasCauseInstanceOf(ProxyException.class);
    }
}
