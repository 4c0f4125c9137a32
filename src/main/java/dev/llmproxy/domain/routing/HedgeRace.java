package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.failure.Verdict;
import dev.llmproxy.domain.latency.ModelLatencies;
import dev.llmproxy.domain.streaming.UpstreamEvents;
import dev.llmproxy.domain.upstream.UpstreamReply;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * One hedged turn of a chain (a tier that hedges): the candidate is called, and when it has not answered by its
 * model's recent p95 (for a stream: not sent its first event; bounded by {@code hedgeAfterMinMs} and
 * {@code hedgeAfterMaxMs}) the next candidate is called beside it. The first to send an event (a stream) or a whole
 * answer wins; the other is cancelled and recorded as {@link dev.llmproxy.domain.failure.Outcome#OUTRUN}. A hedge
 * never changes what the chain may answer: each racer passes every gate of its model, and when the first candidate
 * fails without winning, the table decides as it would have, the chain then taking up the hedge already under way
 * instead of starting its candidate afresh.
 *
 * <p>Each racer runs in its own {@link RunContext#racer}. The race's decisions are taken under its lock; what follows
 * from them (cancelling the loser, handing a result to the chain) outside it, by exactly one of the threads involved.
 */
final class HedgeRace {

    /** Where a racer's turn goes once the race lets it through: the chain's handling of a turn's end. */
    @FunctionalInterface
    interface Ended {
        void ended(ModelTry attempt, ModelResult result, Throwable error);
    }

    private final RunContext run;
    private final ModelStep stack;
    private final Ended chain;
    private final Duration after;
    private final ModelTry first;
    private ModelTry hedge;
    private RunContext winner;
    private boolean firstEnded;
    private boolean hedgeEnded;
    private boolean adopted;
    /** The chain ended on what it had: nothing more of the race reaches it. */
    private boolean over;
    private volatile CompletableFuture<Void> timer;
    /** The hedge's end, held while the first candidate runs on. */
    private ModelResult heldResult;
    private Throwable heldError;

    /** The race of the candidate at {@code index} with the next, started by {@link #start}. */
    HedgeRace(RunContext run, ModelStep stack, Ended chain, Duration after, int index) {
        this.run = run;
        this.stack = stack;
        this.chain = chain;
        this.after = after;
        this.first = new ModelTry(run.racer(this), run.plan().candidates().get(index), index, false);
    }

    /**
     * Calls the first candidate, and the next one beside it {@code after} later unless it has answered. Its end may
     * reach the chain before this returns.
     */
    void start(Sleeper sleeper) {
        timer = sleeper.sleep(after);
        run.waitOut(timer).thenRun(this::timeUp);
        stack.runCatching(first).whenComplete(this::firstEnded);
    }

    private void timeUp() {
        ModelTry started;
        synchronized (this) {
            if (firstEnded || winner != null || over || run.done()) {
                return;
            }
            int index = first.index() + 1;
            hedge = new ModelTry(run.racer(this), run.plan().candidates().get(index), index, false);
            started = hedge;
        }
        stack.runCatching(started).whenComplete(this::hedgeEnded);
    }

    /**
     * {@code racer}'s stream events: dropped unless it wins the race with its first one (then the other racer is
     * cancelled), else relayed to the observer {@code relay} makes once it has won.
     */
    UpstreamEvents entrant(RunContext racer, Supplier<UpstreamEvents> relay) {
        return new RaceEntrant(this, racer, relay);
    }

    /** Whether {@code racer} has won, having sent its first event (the other racer is then cancelled). */
    boolean claim(RunContext racer) {
        ModelTry loser;
        synchronized (this) {
            if (winner != null || over) {
                return winner == racer;
            }
            winner = racer;
            loser = other(racer);
        }
        timer.cancel(false);
        outrun(loser, racer);
        return true;
    }

    private void firstEnded(ModelResult result, Throwable error) {
        ModelTry loser = null;
        synchronized (this) {
            firstEnded = true;
            if (over || (winner != null && winner != first.run())) {
                return; // outrun: recorded as such
            }
            if (winner == null && wins(result)) {
                winner = first.run();
                loser = hedgeEnded ? null : hedge;
            }
        }
        timer.cancel(false);
        outrun(loser, first.run());
        chain.ended(first, result, error);
    }

    private void hedgeEnded(ModelResult result, Throwable error) {
        ModelTry loser = null;
        synchronized (this) {
            hedgeEnded = true;
            if (over || winner == first.run()) {
                return;
            }
            if (winner == null && wins(result)) {
                winner = hedge.run();
                loser = firstEnded ? null : first;
            } else if (winner == null && !adopted) {
                heldResult = result; // the first candidate runs on: its end decides whether the chain takes this up
                heldError = error;
                return;
            }
        }
        outrun(loser, hedge.run());
        chain.ended(hedge, result, error);
    }

    /**
     * The chain has moved on from the first candidate to the one at {@code index}: when that is the hedge, its turn
     * is taken up as it stands instead of being started again.
     *
     * @return whether the hedge is that candidate and still in the race (its end then goes to the chain as usual);
     *         a hedge outrun by the first candidate is called afresh when the chain comes to it
     */
    boolean adopt(int index) {
        ModelResult result;
        Throwable error;
        synchronized (this) {
            if (hedge == null || hedge.index() != index || over || (winner != null && winner != hedge.run())) {
                return false;
            }
            adopted = true;
            if (!hedgeEnded) {
                return true;
            }
            result = heldResult;
            error = heldError;
        }
        chain.ended(hedge, result, error);
        return true;
    }

    /** The chain is ending on what it has: a racer still running is cancelled (and recorded as such). */
    void end() {
        ModelTry stillFirst;
        ModelTry stillHedge;
        synchronized (this) {
            stillFirst = firstEnded ? null : first;
            stillHedge = hedge == null || hedgeEnded ? null : hedge;
            over = true;
        }
        timer.cancel(false);
        for (ModelTry racer : new ModelTry[] {stillFirst, stillHedge}) {
            if (racer != null) {
                racer.run().lose("cancelled: the request ended before it answered");
            }
        }
    }

    private ModelTry other(RunContext racer) {
        return racer == first.run() ? hedge : first;
    }

    private void outrun(ModelTry loser, RunContext by) {
        if (loser != null) {
            String winnerModel = by == first.run() ? first.model() : hedge.model();
            loser.run().lose("cancelled: " + winnerModel + " answered first (hedged after "
                    + ModelLatencies.seconds(after) + " s)");
        }
    }

    /** A whole answer, or the end of a whole stream: the turn is won. */
    private static boolean wins(ModelResult result) {
        return result instanceof ModelResult.Answered a && (a.reply() instanceof UpstreamReply.StreamEnded
                || a.verdict().action() == Verdict.Action.SUCCEED);
    }
}
