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
 * so a request costs one round trip and concurrent instances never allow more than a window's maximum. The script
 * enters one request per window, or a lease's worth ({@link LeasedLimits}), and takes back what a lease left unused.
 * Each hash expires one window after its last request: nothing to sweep. One Redis (or a primary with replicas): a
 * script touches every window of a request, which Redis Cluster would spread over nodes.
 */
public final class RedisRateLimitStore implements RateLimitStore, LeaseStore {

    static final String KEYS = "rate:";
    /**
     * KEYS: a window's hash per row, then one per give-back; ARGV: now (ms), the number of rows, per row its length
     * (ms), slot length (ms), maximum and the requests wanted, then per give-back its slot and count. Returns {row
     * number (1-based), retry-after ms} of the first full window, else {0, 0, then per row what its window holds with
     * this entry, then per row what was entered, then per row the slot it was entered in}.
     */
    private static final RedisScript SCRIPT = new RedisScript("""
            local now, rows = tonumber(ARGV[1]), tonumber(ARGV[2])
            local at = 3 + 4 * rows
            for k = rows + 1, #KEYS do
              local field, n = ARGV[at], tonumber(ARGV[at + 1])
              at = at + 2
              local held = tonumber(redis.call('HGET', KEYS[k], field))
              if held and held <= n then
                redis.call('HDEL', KEYS[k], field)
              elseif held then
                redis.call('HINCRBY', KEYS[k], field, -n)
              end
            end
            local out, seen = {0, 0}, {}
            for i = 1, rows do
              local len, slot, max = tonumber(ARGV[4*i-1]), tonumber(ARGV[4*i]), tonumber(ARGV[4*i+1])
              local want = tonumber(ARGV[4*i+2])
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
              local n = math.min(want, max - total)
              seen[i] = {stale, newest, len + slot, n}
              out[#out+1] = total + n
            end
            for i = 1, rows do
              local stale, newest, ttl, n = seen[i][1], seen[i][2], seen[i][3], seen[i][4]
              if #stale > 0 then redis.call('HDEL', KEYS[i], unpack(stale)) end
              redis.call('HINCRBY', KEYS[i], string.format('%d', newest), n)
              redis.call('PEXPIRE', KEYS[i], string.format('%d', ttl))
            end
            for i = 1, rows do out[#out+1] = seen[i][4] end
            for i = 1, rows do out[#out+1] = seen[i][2] end
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
        return enter(rows, LeaseStore.oneEach(rows), List.of(), now).decision();
    }

    @Override
    public Entered enter(List<CountRow> rows, int[] wanted, List<Unspent> giveBack, Instant now) {
        int n = rows.size();
        String[] keys = new String[n + giveBack.size()];
        String[] args = new String[2 + 4 * n + 2 * giveBack.size()];
        args[0] = Long.toString(now.toEpochMilli());
        args[1] = Integer.toString(n);
        for (int i = 0; i < n; i++) {
            CountRow r = rows.get(i);
            keys[i] = prefix + r.key();
            args[2 + 4 * i] = Long.toString(r.window().length().toMillis());
            args[3 + 4 * i] = Long.toString(WindowCounts.slotLength(r.window()));
            args[4 + 4 * i] = Integer.toString(r.window().max());
            args[5 + 4 * i] = Integer.toString(wanted[i]);
        }
        for (int k = 0; k < giveBack.size(); k++) {
            Unspent u = giveBack.get(k);
            keys[n + k] = prefix + u.key();
            args[2 + 4 * n + 2 * k] = Long.toString(u.slot());
            args[3 + 4 * n + 2 * k] = Integer.toString(u.count());
        }
        List<Long> answer = SCRIPT.run(redis.get(), ScriptOutputType.MULTI, keys, args);
        int refused = answer.get(0).intValue();
        if (refused > 0) {
            CountRow full = rows.get(refused - 1);
            return Entered.refused(new Decision.Refused(full.bucket().key(), full.window(),
                    Duration.ofMillis(answer.get(1))));
        }
        Map<String, Integer> used = new HashMap<>();
        int[] entered = new int[n];
        long[] slots = new long[n];
        for (int i = 0; i < n; i++) {
            used.put(rows.get(i).key(), answer.get(2 + i).intValue());
            entered[i] = answer.get(2 + n + i).intValue();
            slots[i] = answer.get(2 + 2 * n + i);
        }
        return new Entered(new Decision.Allowed(used), entered, slots);
    }
}
