package dev.llmproxy.infrastructure.sharing;

import dev.llmproxy.domain.replay.AnswerKey;
import dev.llmproxy.domain.replay.KeptAnswer;
import dev.llmproxy.domain.replay.KeptAnswers;
import dev.llmproxy.domain.replay.KeyClaim;
import dev.llmproxy.infrastructure.persistence.KeptHeaders;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.sync.RedisCommands;

import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Kept answers in Redis or Valkey: one hash per owner and key, claimed, kept and released by scripts that name the
 * request holding it, and gone when its window ends (its time to live, set when it is claimed or put).
 */
public final class RedisKeptAnswers implements KeptAnswers {

    static final String KEYS = "kept:";
    static final String INDEX = "kept-by-owner:";
    /** The fields of a kept answer, in the order {@link #KEEP} takes them and {@link #CLAIM} gives them back. */
    private static final String FIELDS = "'r', 'k', 's', 't', 'h', 'b', 'm', 'fb'";
    /**
     * KEYS: the hash; ARGV: fingerprint, request id, now (ms), time to live (ms), the claim time before which a claim
     * that kept nothing is abandoned, and the one before which a claim is over. Returns {ours}, {other, holder},
     * {running, holder} or {kept, fields...}.
     */
    private static final RedisScript CLAIM = new RedisScript("""
            local h = KEYS[1]
            local v = redis.call('HMGET', h, 'f', 'r', 'c', 'k')
            if not v[3] or tonumber(v[3]) < tonumber(ARGV[6]) then
              redis.call('DEL', h)
              redis.call('HSET', h, 'f', ARGV[1], 'r', ARGV[2], 'c', ARGV[3])
              redis.call('PEXPIRE', h, ARGV[4])
              return {'ours'}
            end
            if v[1] ~= ARGV[1] then return {'other', v[2]} end
            if v[4] then
              local kept = redis.call('HMGET', h, %s)
              table.insert(kept, 1, 'kept')
              return kept
            end
            if tonumber(v[3]) < tonumber(ARGV[5]) then
              redis.call('HSET', h, 'r', ARGV[2], 'c', ARGV[3])
              redis.call('PEXPIRE', h, ARGV[4])
              return {'ours'}
            end
            return {'running', v[2]}
            """.formatted(FIELDS));
    /** KEYS: the hash; ARGV: the request holding it, then the kept answer's fields after 'r'. */
    private static final RedisScript KEEP = new RedisScript("""
            if redis.call('HGET', KEYS[1], 'r') ~= ARGV[1] then return 0 end
            redis.call('HSET', KEYS[1], 'k', ARGV[2], 's', ARGV[3], 't', ARGV[4], 'h', ARGV[5], 'b', ARGV[6],
                       'm', ARGV[7], 'fb', ARGV[8])
            return 1
            """);
    /** KEYS: the hash; ARGV: the request holding it. Drops a claim that kept nothing. */
    private static final RedisScript RELEASE = new RedisScript("""
            local v = redis.call('HMGET', KEYS[1], 'r', 'k')
            if v[1] == ARGV[1] and not v[2] then redis.call('DEL', KEYS[1]) end
            return 0
            """);
    /**
     * KEYS: the hash, its owner's index (hashes by time); ARGV: fingerprint, time to live (ms), the kept answer's
     * fields, the most the owner keeps. Replaces what was there; the owner's oldest beyond the most go.
     */
    private static final RedisScript PUT = new RedisScript("""
            redis.call('DEL', KEYS[1])
            redis.call('HSET', KEYS[1], 'f', ARGV[1], 'c', ARGV[4], 'r', ARGV[3], 'k', ARGV[4], 's', ARGV[5],
                       't', ARGV[6], 'h', ARGV[7], 'b', ARGV[8], 'm', ARGV[9], 'fb', ARGV[10])
            redis.call('PEXPIRE', KEYS[1], ARGV[2])
            redis.call('ZADD', KEYS[2], ARGV[4], KEYS[1])
            redis.call('PEXPIRE', KEYS[2], ARGV[2])
            local over = redis.call('ZCARD', KEYS[2]) - tonumber(ARGV[11])
            if over > 0 then
              local oldest = redis.call('ZPOPMIN', KEYS[2], over)
              for i = 1, #oldest, 2 do redis.call('DEL', oldest[i]) end
            end
            return 1
            """);

    private final Supplier<RedisCommands<String, String>> redis;
    private final String prefix;
    private final String indexPrefix;
    private final Duration window;
    private final int mostPerOwner;

    /**
     * @param prefix       the deployment's prefix of every key ({@code PROXY_REDIS_PREFIX})
     * @param window       how long a put answer lives
     * @param mostPerOwner how many put answers one owner keeps ({@link KeptAnswer#MOST_PER_OWNER})
     */
    public RedisKeptAnswers(Supplier<RedisCommands<String, String>> redis, String prefix, Duration window,
                            int mostPerOwner) {
        this.redis = redis;
        this.prefix = prefix + KEYS;
        this.indexPrefix = prefix + INDEX;
        this.window = window;
        this.mostPerOwner = mostPerOwner;
    }

    /** An owner holds no space, so the first one ends it. */
    private String hash(AnswerKey key) {
        return prefix + key.owner() + " " + key.key();
    }

    @Override
    public KeyClaim claim(AnswerKey key, String requestId, Instant now, Instant abandonedBefore,
                          Instant expiredBefore) {
        List<Object> found = CLAIM.run(redis.get(), ScriptOutputType.MULTI, new String[] {hash(key)},
                key.fingerprint(), requestId, ms(now), Long.toString(Duration.between(expiredBefore, now).toMillis()),
                ms(abandonedBefore), ms(expiredBefore));
        return switch (String.valueOf(found.get(0))) {
            case "ours" -> new KeyClaim.Ours();
            case "other" -> new KeyClaim.OtherRequest(String.valueOf(found.get(1)));
            case "running" -> new KeyClaim.Running(String.valueOf(found.get(1)));
            default -> new KeyClaim.Kept(answer(found.subList(1, found.size())));
        };
    }

    @Override
    public void keep(AnswerKey key, KeptAnswer answer) {
        KEEP.run(redis.get(), ScriptOutputType.INTEGER, new String[] {hash(key)}, fields(answer));
    }

    @Override
    public void put(AnswerKey key, KeptAnswer answer) {
        String[] fields = fields(answer);
        String[] args = new String[fields.length + 3];
        args[0] = key.fingerprint();
        args[1] = Long.toString(window.toMillis());
        System.arraycopy(fields, 0, args, 2, fields.length);
        args[args.length - 1] = Integer.toString(mostPerOwner);
        PUT.run(redis.get(), ScriptOutputType.INTEGER, new String[] {hash(key), indexPrefix + key.owner()}, args);
    }

    @Override
    public Optional<KeptAnswer> find(AnswerKey key) {
        Map<String, String> h = redis.get().hgetall(hash(key));
        if (h.get("k") == null || !key.fingerprint().equals(h.get("f"))) {
            return Optional.empty();
        }
        return Optional.of(answer(List.of(h.get("r"), h.get("k"), h.get("s"), h.get("t"), h.get("h"), h.get("b"),
                h.get("m"), h.get("fb"))));
    }

    @Override
    public void release(AnswerKey key, String requestId) {
        RELEASE.run(redis.get(), ScriptOutputType.INTEGER, new String[] {hash(key)}, requestId);
    }

    /** Nothing to do: each key's time to live ends it. */
    @Override
    public int forgetBefore(Instant cutoff) {
        return 0;
    }

    private static String[] fields(KeptAnswer a) {
        return new String[] {a.requestId(), ms(a.keptAt()), Integer.toString(a.status()), a.contentType(),
                KeptHeaders.write(a.headers()), Base64.getEncoder().encodeToString(a.body()), a.model(), a.fallback() ? "1" : "0"};
    }

    /** The answer of the fields in {@link #FIELDS}' order. */
    private static KeptAnswer answer(List<Object> f) {
        return new KeptAnswer(String.valueOf(f.get(0)), String.valueOf(f.get(6)), "1".equals(f.get(7)),
                Integer.parseInt(String.valueOf(f.get(2))), String.valueOf(f.get(3)),
                KeptHeaders.read(String.valueOf(f.get(4))),
                Base64.getDecoder().decode(String.valueOf(f.get(5))), Instant.ofEpochMilli(Long.parseLong(
                        String.valueOf(f.get(1)))));
    }

    private static String ms(Instant t) {
        return Long.toString(t.toEpochMilli());
    }
}
