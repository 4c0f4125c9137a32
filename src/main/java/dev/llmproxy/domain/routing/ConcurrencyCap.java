package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.failure.Outcome;

import java.util.concurrent.CompletableFuture;

/**
 * A model's concurrency cap ({@code maxConcurrent}): at most that many calls to it in flight on this instance, so
 * one slow model cannot hold every worker. A request beyond the cap goes to the next model of its chain while a later
 * model could be called; otherwise it waits in line for a slot, within the chain budget. The slot is held until the
 * call ends, however it ends.
 */
final class ConcurrencyCap implements ModelPolicy {

    private final ModelSlots slots;
    private final LaterModels later;
    private final Sleeper sleeper;

    ConcurrencyCap(ModelSlots slots, LaterModels later, Sleeper sleeper) {
        this.slots = slots;
        this.later = later;
        this.sleeper = sleeper;
    }

    @Override
    public CompletableFuture<ModelResult> apply(ModelTry attempt, ModelStep inner) {
        Integer cap = attempt.candidate().model().maxConcurrent();
        if (cap == null) {
            return inner.run(attempt);
        }
        Slots model = slots.of(attempt.model());
        Slots.Place place = model.take(cap, later.callableAfter(attempt) ? 0 : Integer.MAX_VALUE);
        if (place == null) {
            attempt.run().log().skipped(attempt.model(), Outcome.SKIPPED_AT_CAPACITY,
                    "not called: at its cap of " + cap + (cap == 1 ? " call" : " calls") + " in flight");
            return CompletableFuture.completedFuture(ModelResult.SKIPPED);
        }
        if (!place.waiting()) {
            return holding(model, attempt, inner);
        }
        return slotInTime(place, attempt).thenCompose(got -> got ? holding(model, attempt, inner)
                : CompletableFuture.completedFuture(attempt.run().done() ? ModelResult.HALTED : ModelResult.OUT_OF_TIME));
    }

    /** Whether the slot came before the chain budget ran out (and the client is still there). */
    private CompletableFuture<Boolean> slotInTime(Slots.Place place, ModelTry attempt) {
        CompletableFuture<Void> timer = sleeper.sleep(attempt.run().deadline().remaining());
        timer.whenComplete((v, e) -> {
            if (!timer.isCancelled()) {
                place.granted().cancel(false);
            }
        });
        OwnTime.Away away = attempt.run().plan().ownTime().away(); // waiting for another request's call to end
        return attempt.run().track(place.granted()).handle((v, e) -> {
            away.end();
            timer.cancel(false);
            return e == null;
        });
    }

    private static CompletableFuture<ModelResult> holding(Slots model, ModelTry attempt, ModelStep inner) {
        CompletableFuture<ModelResult> call;
        try {
            call = inner.run(attempt);
        } catch (RuntimeException e) {
            model.release();
            throw e;
        }
        return call.whenComplete((r, e) -> model.release());
    }
}
