package dev.llmproxy.infrastructure.sharing;

import io.lettuce.core.RedisNoScriptException;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.sync.RedisCommands;

/**
 * A Lua script the shared counters run atomically in Redis, called by its digest: its text crosses the network once
 * per Redis that does not hold it yet (a new one, or one restarted or flushed since).
 */
public final class RedisScript {

    private final String source;
    private volatile String digest;

    public RedisScript(String source) {
        this.source = source;
    }

    /** Runs it on those keys with those arguments; its answer as {@code type} reads it. */
    public <T> T run(RedisCommands<String, String> commands, ScriptOutputType type, String[] keys, String... args) {
        String d = digest;
        if (d != null) {
            try {
                return commands.evalsha(d, type, keys, args);
            } catch (RedisNoScriptException forgotten) {
                // sent whole below
            }
        }
        T answer = commands.eval(source, type, keys, args);
        digest = commands.digest(source);
        return answer;
    }

    /** The script's text. */
    public String source() {
        return source;
    }
}
