package dev.llmproxy.infrastructure.sharing;

import dev.llmproxy.domain.breaker.BreakerPeers;
import dev.llmproxy.domain.breaker.Breakers;
import io.lettuce.core.SetArgs;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Duration;
import java.time.Instant;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Breakers shared through Redis: openings and closings are told on a channel ({@link PeerChannel}) and taken in by
 * every instance, and the right to probe a half-open model is a key one instance sets at a time, expiring with the
 * cooldown. Without Redis, or while it cannot answer, each instance's breakers decide alone.
 */
@ApplicationScoped
public class SharedBreakers {

    private static final Logger LOG = Logger.getLogger(SharedBreakers.class.getName());
    static final String CHANNEL = "breakers";
    static final String PROBE_KEYS = "probe:";
    private static final String OPENED = "opened";
    private static final String CLOSED = "closed";

    private final RedisConnection redis;

    @Inject
    SharedBreakers(RedisConnection redis) {
        this.redis = redis;
    }

    /** For the container's client proxy. */
    protected SharedBreakers() {
        this(null);
    }

    /** The other instances' breakers as this instance's see them ({@link BreakerPeers#ALONE} without Redis). */
    public BreakerPeers peers(String instanceId) {
        if (!redis.configured()) {
            return BreakerPeers.ALONE;
        }
        PeerChannel channel = new PeerChannel(redis, CHANNEL, instanceId);
        return new BreakerPeers() {
            @Override
            public void opened(String model, Instant until) {
                channel.tell(OPENED, model, Long.toString(until.toEpochMilli()));
            }

            @Override
            public void closed(String model) {
                channel.tell(CLOSED, model, "0");
            }

            @Override
            public boolean mayProbe(String model, Duration lease) {
                try {
                    return redis.ifOpen().map(r -> r.set(redis.prefix() + PROBE_KEYS + model, instanceId,
                            SetArgs.Builder.nx().px(Math.max(1, lease.toMillis()))) != null).orElse(true);
                } catch (RuntimeException e) {
                    LOG.log(Level.FINE, "Redis cannot say who probes " + model + "; this instance probes", e);
                    return true;
                }
            }
        };
    }

    /** Takes in what the other instances' breakers tell (nothing, without Redis). */
    public void listen(String instanceId, Breakers breakers) {
        if (!redis.configured()) {
            return;
        }
        new PeerChannel(redis, CHANNEL, instanceId).listen(fields -> {
            if (fields.length != 3 || fields[1].isEmpty()) {
                return; // not a breaker's news
            }
            if (CLOSED.equals(fields[0])) {
                breakers.of(fields[1]).heardClosed();
            } else if (OPENED.equals(fields[0])) {
                try {
                    breakers.of(fields[1]).heardOpened(Instant.ofEpochMilli(Long.parseLong(fields[2])));
                } catch (NumberFormatException e) {
                    // not a breaker's news
                }
            }
        });
    }
}
