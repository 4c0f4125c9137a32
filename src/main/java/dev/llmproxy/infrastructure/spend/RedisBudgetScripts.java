package dev.llmproxy.infrastructure.spend;

import dev.llmproxy.infrastructure.sharing.RedisScript;

/**
 * The scripts of {@link RedisBudgetStore}. A period's hash holds {@code uu}/{@code ut} (used dollar units and tokens),
 * {@code ru}/{@code rt} (reserved) and {@code hu:<run>}/{@code ht:<run>} (what one run of one instance holds of the
 * reserved amounts); each run also keeps the set of hashes it holds in.
 */
final class RedisBudgetScripts {

    /**
     * KEYS: each budget's hash, then the run's set of hashes it holds in. ARGV: the charge (dollar units, tokens), the
     * run, how long its set must last (ms), then per budget its maximum dollar units and tokens ('-': unlimited).
     * Returns {-i} when hash i does not exist yet, {i, used $, used tokens, reserved $, reserved tokens} when budget i
     * has no room, else {0}.
     */
    static final RedisScript RESERVE = new RedisScript("""
            local n = #KEYS - 1
            for i = 1, n do
              if redis.call('EXISTS', KEYS[i]) == 0 then return {-i} end
            end
            local cu, ct, run = ARGV[1], ARGV[2], ARGV[3]
            for i = 1, n do
              local v = redis.call('HMGET', KEYS[i], 'uu', 'ut', 'ru', 'rt')
              local mu, mt = ARGV[3 + 2*i], ARGV[4 + 2*i]
              local usd = tonumber(v[1] or '0') + tonumber(v[3] or '0')
              local tok = tonumber(v[2] or '0') + tonumber(v[4] or '0')
              if (mu ~= '-' and usd + tonumber(cu) > tonumber(mu)) or (mt ~= '-' and tok + tonumber(ct) > tonumber(mt)) then
                return {i, v[1] or '0', v[2] or '0', v[3] or '0', v[4] or '0'}
              end
            end
            for i = 1, n do
              redis.call('HINCRBY', KEYS[i], 'ru', cu)
              redis.call('HINCRBY', KEYS[i], 'rt', ct)
              redis.call('HINCRBY', KEYS[i], 'hu:' .. run, cu)
              redis.call('HINCRBY', KEYS[i], 'ht:' .. run, ct)
              redis.call('SADD', KEYS[n + 1], KEYS[i])
            end
            if redis.call('PTTL', KEYS[n + 1]) < tonumber(ARGV[4]) then redis.call('PEXPIRE', KEYS[n + 1], ARGV[4]) end
            return {0}
            """);
    /**
     * KEYS: hashes to create where missing; ARGV: per hash its settled dollar units and tokens, and how long it lasts
     * (ms).
     */
    static final RedisScript SEED = new RedisScript("""
            for i = 1, #KEYS do
              if redis.call('EXISTS', KEYS[i]) == 0 then
                redis.call('HSET', KEYS[i], 'uu', ARGV[3*i-2], 'ut', ARGV[3*i-1], 'ru', '0', 'rt', '0')
                redis.call('PEXPIRE', KEYS[i], ARGV[3*i])
              end
            end
            return 0
            """);
    /** Takes {@code by} off a field; a reserved amount stops at zero, a run's hold goes when it is zero. */
    private static final String LESS = """
            local function less(key, field, by, hold)
              if by == '0' then return end
              if redis.call('HINCRBY', key, field, '-' .. by) <= 0 then
                if hold then redis.call('HDEL', key, field) else redis.call('HSET', key, field, '0') end
              end
            end
            """;
    /**
     * KEYS: hashes; ARGV: the run, then per hash what it releases (dollar units, tokens) and adds to the used amount.
     * A hash that is gone (Redis restarted empty) is left: it is created again from the database's totals.
     */
    static final RedisScript SETTLE = new RedisScript(LESS + """
            local run = ARGV[1]
            for i = 1, #KEYS do
              if redis.call('EXISTS', KEYS[i]) == 1 then
                local ru, rt = ARGV[4*i-2], ARGV[4*i-1]
                redis.call('HINCRBY', KEYS[i], 'uu', ARGV[4*i])
                redis.call('HINCRBY', KEYS[i], 'ut', ARGV[4*i+1])
                less(KEYS[i], 'ru', ru, false)
                less(KEYS[i], 'rt', rt, false)
                less(KEYS[i], 'hu:' .. run, ru, true)
                less(KEYS[i], 'ht:' .. run, rt, true)
              end
            end
            return 0
            """);
    /** KEYS[1]: a gone run's set; ARGV[1]: the run. Takes what it held off each hash's reserved amounts. */
    static final RedisScript RELEASE = new RedisScript(LESS + """
            local run = ARGV[1]
            for _, key in ipairs(redis.call('SMEMBERS', KEYS[1])) do
              local v = redis.call('HMGET', key, 'hu:' .. run, 'ht:' .. run)
              less(key, 'ru', v[1] or '0', false)
              less(key, 'rt', v[2] or '0', false)
              redis.call('HDEL', key, 'hu:' .. run, 'ht:' .. run)
            end
            redis.call('DEL', KEYS[1])
            return 0
            """);
    /** KEYS: hashes. Returns per hash: 1 if it exists else 0, used $, used tokens, reserved $, reserved tokens. */
    static final RedisScript READ = new RedisScript("""
            local out = {}
            for i = 1, #KEYS do
              local v = redis.call('HMGET', KEYS[i], 'uu', 'ut', 'ru', 'rt')
              out[#out+1] = redis.call('EXISTS', KEYS[i])
              for j = 1, 4 do out[#out+1] = v[j] or '0' end
            end
            return out
            """);

    private RedisBudgetScripts() {
    }
}
