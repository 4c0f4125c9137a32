package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.answer.Finish;
import dev.llmproxy.domain.answer.Answers;
import dev.llmproxy.domain.breaker.BreakerPolicy;
import dev.llmproxy.domain.breaker.Breakers;
import dev.llmproxy.domain.failure.FailureKind;
import dev.llmproxy.domain.upstream.TokenUsage;
import dev.llmproxy.domain.upstream.UpstreamCall;
import dev.llmproxy.domain.upstream.UpstreamPort;
import dev.llmproxy.domain.upstream.UpstreamReply;
import dev.llmproxy.testing.MutableClock;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/** Scripted replies per model; each reply may take simulated time on the fake clock. */
final class FakeUpstream implements UpstreamPort {

    record Step(UpstreamReply reply, Duration takes) {
    }

    private final MutableClock clock;
    private final Map<String, Deque<Step>> scripts = new HashMap<>();
    final List<UpstreamCall> calls = new ArrayList<>();
    final List<CompletableFuture<UpstreamReply>> pending = new ArrayList<>();

    FakeUpstream(MutableClock clock) {
        this.clock = clock;
    }

    /**
     * A chain executor over this upstream on its clock, whose waits end at once (or as {@code sleeper} says) and whose
     * breakers never trip: for tests of other behaviour.
     */
    ChainExecutor executor(Sleeper sleeper) {
        return new ChainExecutor(this, sleeper, clock, new RateLimitCooldowns(clock), new Breakers(
                () -> BreakerPolicy.builder().failureThreshold(10_000).consecutiveFailures(10_000).build(), clock,
                "test", t -> { }), () -> 0.5);
    }

    ChainExecutor executor() {
        return executor(d -> CompletableFuture.completedFuture(null));
    }

    FakeUpstream on(String model, UpstreamReply... replies) {
        for (UpstreamReply r : replies) {
            script(model).add(new Step(r, Duration.ofMillis(10)));
        }
        return this;
    }

    FakeUpstream onAfter(String model, Duration takes, UpstreamReply reply) {
        script(model).add(new Step(reply, takes));
        return this;
    }

    /** The model never answers; the returned future stays pending. */
    FakeUpstream hangs(String model) {
        script(model).add(new Step(null, Duration.ZERO));
        return this;
    }

    private Deque<Step> script(String model) {
        return scripts.computeIfAbsent(model, k -> new ArrayDeque<>());
    }

    long callsTo(String model) {
        return calls.stream().filter(c -> c.model().name().equals(model)).count();
    }

    @Override
    public CompletableFuture<UpstreamReply> send(UpstreamCall call) {
        calls.add(call);
        Deque<Step> script = scripts.get(call.model().name());
        if (script == null || script.isEmpty()) {
            throw new AssertionError("unexpected call to " + call.model().name());
        }
        Step step = script.size() > 1 ? script.poll() : script.peek();
        if (step.reply() == null) {
            CompletableFuture<UpstreamReply> f = new CompletableFuture<>();
            pending.add(f);
            return f;
        }
        // A reply that would take longer than the attempt's timeout is a timeout, as a real port reports it.
        if (step.takes().compareTo(call.timeout()) > 0) {
            clock.advance(call.timeout());
            return CompletableFuture.completedFuture(new UpstreamReply.Failed(FailureKind.TIMEOUT, "timeout"));
        }
        clock.advance(step.takes());
        return CompletableFuture.completedFuture(step.reply());
    }

    static UpstreamReply ok(String model) {
        return new UpstreamReply.Completed(Answers.text(""), model, Finish.STOP, TokenUsage.NONE);
    }

    static UpstreamReply status(int status) {
        return new UpstreamReply.HttpError(status, null, "{\"error\":{\"message\":\"boom\"}}");
    }

    static UpstreamReply status(int status, String body) {
        return new UpstreamReply.HttpError(status, null, body);
    }

    static UpstreamReply rateLimited(Duration retryAfter) {
        return new UpstreamReply.HttpError(429, retryAfter, "{\"error\":{\"message\":\"slow down\"}}");
    }

    static UpstreamReply failed(FailureKind kind) {
        return new UpstreamReply.Failed(kind, kind.name().toLowerCase());
    }
}
