package dev.llmproxy.infrastructure.sharing;

import dev.llmproxy.testing.LocalRedis;
import dev.llmproxy.testing.TcpRelay;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigValue;
import org.eclipse.microprofile.config.spi.ConfigSource;
import org.eclipse.microprofile.config.spi.Converter;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

import static org.awaitility.Awaitility.await;

/**
 * A Redis that comes back is used again within a couple of seconds, however long it was gone: the client's reconnect
 * delay is capped, where Lettuce's own doubles up to 30 s (a restart used to cost 14 s of per-instance shares).
 */
class RedisConnectionIT {

    /** MicroProfile Config holding one value. */
    private static Config config(String name, String value) {
        return new Config() {
            @Override public <T> T getValue(String n, Class<T> type) { return getOptionalValue(n, type).orElseThrow(); }
            @Override public ConfigValue getConfigValue(String n) { throw new UnsupportedOperationException(); }
            @SuppressWarnings("unchecked")
            @Override public <T> Optional<T> getOptionalValue(String n, Class<T> type) {
                return n.equals(name) ? Optional.of((T) value) : Optional.empty();
            }
            @Override public Iterable<String> getPropertyNames() { return List.of(name); }
            @Override public Iterable<ConfigSource> getConfigSources() { return List.of(); }
            @Override public <T> Optional<Converter<T>> getConverter(Class<T> type) { return Optional.empty(); }
            @Override public <T> T unwrap(Class<T> type) { throw new UnsupportedOperationException(); }
        };
    }

    private static boolean answers(RedisConnection redis) {
        try {
            return "PONG".equals(redis.commands().ping());
        } catch (RuntimeException e) {
            return false;
        }
    }

    @Test
    void aRedisThatComesBackAfterALongOutageIsUsedAgainWithinSeconds() throws Exception {
        try (TcpRelay relay = new TcpRelay(LocalRedis.HOST, LocalRedis.PORT)) {
            RedisConnection redis = new RedisConnection();
            redis.config = config("PROXY_REDIS_URL", LocalRedis.url(relay.port()));
            redis.start();
            try {
                await().atMost(Duration.ofSeconds(10)).until(() -> answers(redis));
                relay.dropAll();
                // a long outage: the client has tried again and again, so an uncapped delay has grown to seconds
                await().atMost(Duration.ofSeconds(60)).until(() -> relay.dropped() >= 14);
                relay.restore();
                await().atMost(Duration.ofSeconds(3)).until(() -> answers(redis));
            } finally {
                redis.stop();
            }
        }
    }
}
