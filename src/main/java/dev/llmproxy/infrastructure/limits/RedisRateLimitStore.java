package dev.llmproxy.infrastructure.limits;

import dev.llmproxy.domain.limits.Decision;
import dev.llmproxy.domain.limits.RateLimitStore;
import dev.llmproxy.domain.limits.Bucket;
import dev.llmproxy.domain.limits.WindowCounts;
import dev.llmproxy.infrastructure.sharing.RedisScript;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.sync.RedisCommands;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The shared store on Redis or Valkey: the same counts and rules as the database's stores ({@link WindowCounts}: 60
 * slots per window), one hash per window of a bucket (slot number to requests), checked and entered by one script,
 * so a request costs one round trip and concurrent instances never allow more than a window's maximum. Each hash
 * expires one window after its last request: nothing to sweep. One Redis (or a primary with replicas): a script
 * touches every window of a request, which Redis Cluster would spread over nodes.
 */
public final class RedisRateLimitStore implements RateLimitStore {

    static final String KEYS = "rate:";
    /**
     * KEYS: a window's hash each; ARGV: now (ms), then per key its length (ms), slot length (ms) and maximum. Returns
     * {key number (1-based), retry-after ms} of the first full window, else {0, 0, count of key 1 with this request,
     * count of key 2, ...}.
     */
    private static final RedisScript SCRIPT = new RedisScript("""
            local now = tonumber(ARGV[1])
            local out = {0, 0}
            local seen = {}
            for i = 1, #KEYS do
              local len, slot, max = tonumber(ARGV[3*i-1]), tonumber(ARGV[3*i]), tonumber(ARGV[3*i+1])
              local from = now - len
              local flat = redis.call('HGETALL', KEYS[i])
              local live, stale, total, newest = {}, {}, 0, math.floor(now / slot)
              for j = 1, #flat, 2 do
                local s, c = tonumber(flat[j]), tonumber(flat[j+1])
                if (s + 1) * slot > from then
                  live[#live+1] = {s, c}
                  total = total + c
                  if s > newest then newest = s end
                else
                  stale[#stale+1] = flat[j]
                end
              end
              if total >= max then
                table.sort(live, function(a, b) return a[1] < b[1] end)
                for _, p in ipairs(live) do
                  total = total - p[2]
                  if total < max then return {i, math.max(1, (p[1] + 1) * slot + len - now)} end
                end
                return {i, 1}
              end
              seen[i] = {stale, newest, len + slot}
              out[#out+1] = total + 1
            end
            for i = 1, #KEYS do
              local stale, newest, ttl = seen[i][1], seen[i][2], seen[i][3]
              if #stale > 0 then redis.call('HDEL', KEYS[i], unpack(stale)) end
              redis.call('HINCRBY', KEYS[i], string.format('%d', newest), 1)
              redis.call('PEXPIRE', KEYS[i], string.format('%d', ttl))
            end
            return out
            """);

    private final Supplier<RedisCommands<String, String>> redis;
    private final String prefix;

    /** @param prefix the deployment's prefix of every key ({@code PROXY_REDIS_PREFIX}) */
    public RedisRateLimitStore(Supplier<RedisCommands<String, String>> redis, String prefix) {
        this.redis = redis;
        this.prefix = prefix + KEYS;
    }

    @Override
    public Decision take(List<Bucket> buckets, Instant now) {
        List<CountRow> rows = CountRow.of(buckets);
        String[] keys = new String[rows.size()];
        String[] args = new String[1 + 3 * rows.size()];
        args[0] = Long.toString(now.toEpochMilli());
        for (int i = 0; i < rows.size(); i++) {
            CountRow r = rows.get(i);
            keys[i] = prefix + r.key();
            args[1 + 3 * i] = Long.toString(r.window().length().toMillis());
            args[2 + 3 * i] = Long.toString(WindowCounts.slotLength(r.window()));
            args[3 + 3 * i] = Integer.toString(r.window().max());
        }
        List<Long> answer = SCRIPT.run(redis.get(), ScriptOutputType.MULTI, keys, args);
        int refused = answer.get(0).intValue();
        if (refused > 0) {
            CountRow full = rows.get(refused - 1);
            return new Decision.Refused(full.bucket().key(), full.window(), Duration.ofMillis(answer.get(1)));
        }
        Map<String, Integer> used = new HashMap<>();
        for (int i = 0; i < rows.size(); i++) {
            used.put(rows.get(i).key(), answer.get(i + 2).intValue());
        }
        return new Decision.Allowed(used);
    }
}
