package dev.llmproxy.infrastructure.sharing;

import dev.llmproxy.infrastructure.variables.Variables;
import static dev.llmproxy.application.config.DeploymentVariable.*;
import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.SocketOptions;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import io.lettuce.core.pubsub.RedisPubSubAdapter;
import io.lettuce.core.pubsub.StatefulRedisPubSubConnection;
import io.lettuce.core.resource.ClientResources;
import io.lettuce.core.resource.Delay;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.Config;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The one connection to Redis or Valkey, when {@code PROXY_REDIS_URL} names one ({@code redis://host:6379/0},
 * {@code rediss://} for TLS, a password as {@code redis://:secret@host}). Every request thread shares it: the client
 * pipelines their commands. Opened at first use (Redis may not answer at start) and reopened by the client after a
 * cut; while it is cut, commands fail at once rather than queue, so that decisions fall back without waiting.
 */
@ApplicationScoped
public class RedisConnection {

    private static final Logger LOG = Logger.getLogger(RedisConnection.class.getName());
    /** Below the guard's timeout, so a slow Redis is reported by the client, which says why. */
    private static final Duration COMMAND_TIMEOUT = Duration.ofMillis(400);
    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(2);
    private static final long RESUBSCRIBE_SECONDS = 5;
    /**
     * Reconnects are tried every second at most once Redis is gone: Lettuce's own delay doubles up to 30 s, so a Redis
     * restarted after a long outage went unused (each instance on its share, nothing shared) for up to that long.
     */
    private static final Delay RECONNECT = Delay.exponential(Duration.ofMillis(50), Duration.ofSeconds(1), 2,
            TimeUnit.MILLISECONDS);

    @Inject
    Config config;
    @Resource
    ManagedScheduledExecutorService scheduler;

    /** What every key and channel starts with unless {@code PROXY_REDIS_PREFIX} says otherwise. */
    public static final String DEFAULT_PREFIX = "llmproxy:";

    private RedisURI uri;
    private ClientResources resources;
    private String prefix = DEFAULT_PREFIX;
    private RedisClient client;
    private volatile StatefulRedisConnection<String, String> connection;
    private final List<StatefulRedisPubSubConnection<String, String>> subscriptions = new CopyOnWriteArrayList<>();
    /** A connect runs in the background for a caller that would not wait for it. */
    private final AtomicBoolean opening = new AtomicBoolean();

    @PostConstruct
    void start() {
        String url = Variables.text(config, PROXY_REDIS_URL).orElse(null);
        if (url == null) {
            return;
        }
        uri = RedisURI.create(url); // a malformed URL stops the deployment, which is what an operator wants to see
        prefix = Variables.text(config, PROXY_REDIS_PREFIX).orElse(DEFAULT_PREFIX);
        uri.setTimeout(COMMAND_TIMEOUT);
        resources = ClientResources.builder().reconnectDelay(RECONNECT).build();
        client = RedisClient.create(resources, uri);
        client.setOptions(ClientOptions.builder()
                .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
                .timeoutOptions(TimeoutOptions.enabled(COMMAND_TIMEOUT))
                .socketOptions(SocketOptions.builder().connectTimeout(CONNECT_TIMEOUT).build()).build());
        LOG.info("Rate limits, budget reservations, failed sign-ins, 429 cooldowns, breakers and model latencies: shared "
                + "through Redis "
                + "at " + uri.getHost() + ":" + uri.getPort() + " by every instance given the same PROXY_REDIS_URL"
                + " and PROXY_REDIS_PREFIX (keys and channels under '" + prefix + "').");
    }

    /**
     * What this deployment's keys and channels start with: deployments that share one Redis keep apart by it, and
     * hear nothing of each other.
     */
    public String prefix() {
        return prefix;
    }

    /** Whether {@code PROXY_REDIS_URL} names a Redis. */
    public boolean configured() {
        return client != null;
    }

    /**
     * The shared connection's commands, opening it at first use.
     *
     * @throws io.lettuce.core.RedisException when Redis cannot be reached
     */
    public RedisCommands<String, String> commands() {
        StatefulRedisConnection<String, String> c = connection;
        if (c == null) {
            synchronized (this) {
                c = connection;
                if (c == null) {
                    c = client.connect();
                    connection = c;
                }
            }
        }
        return c.sync();
    }

    /**
     * The shared connection's commands if it is open now; else nothing, and it is opened in the background, so that
     * a caller that must not wait (a breaker deciding, a message to tell) does not wait for a connect.
     */
    public Optional<RedisCommands<String, String>> ifOpen() {
        StatefulRedisConnection<String, String> c = connection;
        if (c != null && c.isOpen()) {
            return Optional.of(c.sync());
        }
        if (c == null && opening.compareAndSet(false, true)) {
            scheduler.execute(() -> {
                try {
                    commands();
                } catch (RuntimeException e) {
                    LOG.log(Level.FINE, "Redis cannot be reached yet", e);
                } finally {
                    opening.set(false);
                }
            });
        }
        return Optional.empty();
    }

    /** Publishes a message on the channel, without waiting; one that cannot be sent now is dropped. */
    public void publish(String channel, String message) {
        if (ifOpen().isPresent()) {
            connection.async().publish(channel, message);
        } else {
            LOG.fine(() -> "Redis is not connected; not told on " + channel + ": " + message);
        }
    }

    /**
     * Hands every message on the channel to {@code onMessage}, on the client's thread (it must not block). Tried
     * every few seconds until Redis answers; the client subscribes again by itself after a cut.
     */
    public void subscribe(String channel, Consumer<String> onMessage) {
        try {
            StatefulRedisPubSubConnection<String, String> c = client.connectPubSub();
            c.addListener(new RedisPubSubAdapter<>() {
                @Override
                public void message(String from, String message) {
                    onMessage.accept(message);
                }
            });
            c.sync().subscribe(channel);
            subscriptions.add(c);
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "Could not subscribe to " + channel + " yet", e);
            scheduler.schedule(() -> subscribe(channel, onMessage), RESUBSCRIBE_SECONDS, TimeUnit.SECONDS);
        }
    }

    @PreDestroy
    void stop() {
        subscriptions.forEach(StatefulRedisPubSubConnection::close);
        if (connection != null) {
            connection.close();
        }
        if (client != null) {
            client.shutdown(0, 2, TimeUnit.SECONDS);
            resources.shutdown(0, 2, TimeUnit.SECONDS);
        }
    }
}
