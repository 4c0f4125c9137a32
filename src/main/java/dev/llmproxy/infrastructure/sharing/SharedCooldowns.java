package dev.llmproxy.infrastructure.sharing;

import dev.llmproxy.domain.routing.RateLimitCooldowns.Cooldown;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Instant;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * 429 cooldowns shared through Redis: a model one instance saw rate-limited is skipped by every instance until its
 * cooldown ends, instead of each paying for its own 429. Told on a channel ({@link PeerChannel}) and held in memory
 * where heard. Without Redis, each instance learns on its own. Cooldowns name an instant, so the instances' clocks
 * are taken to agree (NTP) within far less than a cooldown.
 */
@ApplicationScoped
public class SharedCooldowns {

    static final String CHANNEL = "cooldowns";

    private final RedisConnection redis;

    @Inject
    SharedCooldowns(RedisConnection redis) {
        this.redis = redis;
    }

    /** For the container's client proxy. */
    protected SharedCooldowns() {
        this(null);
    }

    /** What tells the other instances of this instance's cooldowns (nothing, without Redis). */
    public Consumer<Cooldown> announcer(String instanceId) {
        if (!redis.configured()) {
            return c -> { };
        }
        PeerChannel peers = new PeerChannel(redis, CHANNEL, instanceId);
        return c -> peers.tell(c.model(), Long.toString(c.until().toEpochMilli()));
    }

    /** Hands the cooldowns the other instances tell of to {@code heard} (none, without Redis). */
    public void listen(String instanceId, Consumer<Cooldown> heard) {
        if (redis.configured()) {
            new PeerChannel(redis, CHANNEL, instanceId).listen(fields -> read(fields).ifPresent(heard));
        }
    }

    /** A cooldown as told, or nothing for a message that is not one. */
    static Optional<Cooldown> read(String[] fields) {
        if (fields.length != 2 || fields[0].isEmpty()) {
            return Optional.empty();
        }
        try {
            return Optional.of(new Cooldown(fields[0], Instant.ofEpochMilli(Long.parseLong(fields[1]))));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}
