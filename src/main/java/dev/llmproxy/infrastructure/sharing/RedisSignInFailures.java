package dev.llmproxy.infrastructure.sharing;

import dev.llmproxy.domain.security.SignInFailures;
import io.lettuce.core.ScanArgs;
import io.lettuce.core.ScanIterator;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.sync.RedisCommands;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Failed sign-ins in Redis or Valkey: one hash per key (failures, the window's start and the end it was given), counted
 * by one script so instances counting the same key at once lose no failure, and gone when its window ends.
 */
public final class RedisSignInFailures implements SignInFailures {

    static final String KEYS = "sign-in:";
    /**
     * KEYS: the keys' hashes; ARGV: now, the start a window running now must be after, and the end a new window gets
     * (ms). Counts one failure on each (a new window where none runs); returns per key its failures, start and end.
     */
    private static final RedisScript ADD = new RedisScript("""
            local now, after, fresh = tonumber(ARGV[1]), tonumber(ARGV[2]), ARGV[3]
            local out = {}
            for i = 1, #KEYS do
              local v = redis.call('HMGET', KEYS[i], 'start', 'end')
              local running = v[1] and tonumber(v[1]) > after and tonumber(v[2]) > now
              if running then
                redis.call('HINCRBY', KEYS[i], 'n', 1)
              else
                redis.call('HSET', KEYS[i], 'n', 1, 'start', ARGV[1], 'end', fresh)
              end
              local w = redis.call('HMGET', KEYS[i], 'n', 'start', 'end')
              redis.call('PEXPIRE', KEYS[i], math.max(1, tonumber(w[3]) - now))
              out[#out+1] = w[1]; out[#out+1] = w[2]; out[#out+1] = w[3]
            end
            return out
            """);
    /** KEYS: the keys' hashes; returns per key its failures, start and end ('0' each when it has none). */
    private static final RedisScript READ = new RedisScript("""
            local out = {}
            for i = 1, #KEYS do
              local w = redis.call('HMGET', KEYS[i], 'n', 'start', 'end')
              for j = 1, 3 do out[#out+1] = w[j] or '0' end
            end
            return out
            """);

    private final Supplier<RedisCommands<String, String>> redis;
    private final String prefix;

    /** @param prefix the deployment's prefix of every key ({@code PROXY_REDIS_PREFIX}) */
    public RedisSignInFailures(Supplier<RedisCommands<String, String>> redis, String prefix) {
        this.redis = redis;
        this.prefix = prefix + KEYS;
    }

    @Override
    public Map<String, Count> counts(List<String> keys, Instant now, Duration window) {
        return running(keys, READ.run(redis.get(), ScriptOutputType.MULTI, hashes(keys)), now, window);
    }

    @Override
    public Map<String, Count> add(List<String> keys, Instant now, Duration window) {
        List<Object> counted = ADD.run(redis.get(), ScriptOutputType.MULTI, hashes(keys),
                Long.toString(now.toEpochMilli()), Long.toString(now.minus(window).toEpochMilli()),
                Long.toString(now.plus(window).toEpochMilli()));
        return running(keys, counted, now, window);
    }

    /** The counts whose window runs at {@code now} under the window in force. */
    private static Map<String, Count> running(List<String> keys, List<Object> answer, Instant now, Duration window) {
        Map<String, Count> out = new HashMap<>();
        for (int i = 0; i < keys.size(); i++) {
            int failures = Integer.parseInt(String.valueOf(answer.get(3 * i)));
            Instant start = Instant.ofEpochMilli(Long.parseLong(String.valueOf(answer.get(3 * i + 1))));
            Instant end = SignInFailures.endOf(start,
                    Instant.ofEpochMilli(Long.parseLong(String.valueOf(answer.get(3 * i + 2)))), window);
            if (failures > 0 && now.isBefore(end)) {
                out.put(keys.get(i), new Count(failures, start, end));
            }
        }
        return out;
    }

    @Override
    public void clear(String key) {
        redis.get().del(prefix + key);
    }

    @Override
    public int clearAll() {
        RedisCommands<String, String> commands = redis.get();
        int n = 0;
        ScanIterator<String> all = ScanIterator.scan(commands, ScanArgs.Builder.matches(prefix + "*").limit(500));
        while (all.hasNext()) {
            n += commands.del(all.next()).intValue();
        }
        return n;
    }

    private String[] hashes(List<String> keys) {
        return keys.stream().map(k -> prefix + k).toArray(String[]::new);
    }
}
