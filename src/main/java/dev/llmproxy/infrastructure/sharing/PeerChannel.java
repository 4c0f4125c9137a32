package dev.llmproxy.infrastructure.sharing;

import java.util.Arrays;
import java.util.function.Consumer;

/**
 * A Redis channel on which the instances tell each other what they saw: each message is tab-separated fields, the
 * first naming its sender, who does not take its own news back. Nothing on a request's path waits for a message.
 */
final class PeerChannel {

    private final RedisConnection redis;
    private final String channel;
    private final String instanceId;

    /** @param channel the channel's name within the deployment's prefix */
    PeerChannel(RedisConnection redis, String channel, String instanceId) {
        this.redis = redis;
        this.channel = redis.prefix() + channel;
        this.instanceId = instanceId;
    }

    /** Tells the other instances; fields must hold no tab. */
    void tell(String... fields) {
        redis.publish(channel, instanceId + "\t" + String.join("\t", fields));
    }

    /** Hands the fields of every message another instance tells (its sender left out) to {@code heard}. */
    void listen(Consumer<String[]> heard) {
        redis.subscribe(channel, message -> {
            String[] fields = fields(message, instanceId);
            if (fields != null) {
                heard.accept(fields);
            }
        });
    }

    /** The fields after the sender's name, or null for this instance's own message. */
    static String[] fields(String message, String instanceId) {
        String[] all = message.split("\t", -1);
        return all[0].equals(instanceId) ? null : Arrays.copyOfRange(all, 1, all.length);
    }
}
