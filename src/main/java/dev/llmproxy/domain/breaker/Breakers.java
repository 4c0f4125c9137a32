package dev.llmproxy.domain.breaker;

import java.time.Clock;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Consumer;
import java.util.function.Supplier;

/** Every model's breaker on this instance, created on first use with the policy in force. */
public final class Breakers {

    private final ConcurrentMap<String, CircuitBreaker> byModel = new ConcurrentHashMap<>();
    private final Supplier<BreakerPolicy> policy;
    private final Clock clock;
    private final String instanceId;
    private final Consumer<BreakerTransition> transitions;
    private final BreakerPeers peers;
    private volatile BreakerPolicy lastPolicy;

    /** @param policy the current policy (read on every use, so a settings change applies at once) */
    public Breakers(Supplier<BreakerPolicy> policy, Clock clock, String instanceId, Consumer<BreakerTransition> transitions) {
        this(policy, clock, instanceId, transitions, BreakerPeers.ALONE);
    }

    /** @param peers the other instances' breakers (told of openings and closings here, and asked before probing) */
    public Breakers(Supplier<BreakerPolicy> policy, Clock clock, String instanceId,
            Consumer<BreakerTransition> transitions, BreakerPeers peers) {
        this.policy = policy;
        this.clock = clock;
        this.instanceId = instanceId;
        this.transitions = transitions;
        this.peers = peers;
    }

    public CircuitBreaker of(String model) {
        BreakerPolicy current = policy.get();
        if (!current.equals(lastPolicy)) {
            lastPolicy = current;
            byModel.values().forEach(b -> b.updatePolicy(current));
        }
        return byModel.computeIfAbsent(model, m -> new CircuitBreaker(m, current, clock, instanceId, transitions,
                peers));
    }

    public List<CircuitBreaker> all() {
        return List.copyOf(byModel.values());
    }

    public String instanceId() {
        return instanceId;
    }
}
