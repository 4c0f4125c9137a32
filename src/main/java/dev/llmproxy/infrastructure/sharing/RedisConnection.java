package dev.llmproxy.infrastructure.sharing;

import io.lettuce.core.ClientOptions;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.SocketOptions;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.Config;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
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

    @Inject
    Config config;

    private RedisURI uri;
    private RedisClient client;
    private volatile StatefulRedisConnection<String, String> connection;

    @PostConstruct
    void start() {
        String url = config.getOptionalValue("PROXY_REDIS_URL", String.class).map(String::strip)
                .filter(s -> !s.isEmpty()).orElse(null);
        if (url == null) {
            return;
        }
        uri = RedisURI.create(url); // a malformed URL stops the deployment, which is what an operator wants to see
        uri.setTimeout(COMMAND_TIMEOUT);
        client = RedisClient.create(uri);
        client.setOptions(ClientOptions.builder()
                .disconnectedBehavior(ClientOptions.DisconnectedBehavior.REJECT_COMMANDS)
                .timeoutOptions(TimeoutOptions.enabled(COMMAND_TIMEOUT))
                .socketOptions(SocketOptions.builder().connectTimeout(CONNECT_TIMEOUT).build()).build());
        LOG.info("Rate limits: counted in Redis at " + uri.getHost() + ":" + uri.getPort() + ", shared by every "
                + "instance given the same PROXY_REDIS_URL.");
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

    @PreDestroy
    void stop() {
        if (connection != null) {
            connection.close();
        }
        if (client != null) {
            client.shutdown(0, 2, TimeUnit.SECONDS);
        }
    }
}
