package dev.llmproxy.infrastructure.sharing;

import dev.llmproxy.domain.security.InMemorySignInFailures;
import dev.llmproxy.domain.security.SignInFailures;
import dev.llmproxy.infrastructure.chores.Chore;
import dev.llmproxy.infrastructure.chores.Chores;
import dev.llmproxy.infrastructure.persistence.JdbcSignInFailures;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Failed sign-ins: alone on an embedded database, exactly in memory and written behind
 * ({@link RememberedSignInFailures}); else on the shared store (Redis when named, else the database), through its
 * guard: while the store cannot answer this instance counts them on its own, and what it counted then still counts
 * (the larger of its own count and the shared one) until the window ends, so a guesser gains nothing from an outage.
 */
@ApplicationScoped
public class SharedSignInFailures implements SignInFailures {

    private final SharedStore store;
    private final JdbcSignInFailures database;
    private final RedisConnection redis;
    private final Chores chores;

    private final SignInFailures own = new InMemorySignInFailures();
    /** Redis when named, else the database. */
    private SignInFailures shared;
    private Backend backend;
    private RememberedSignInFailures remembered;
    private Chore saver = Chore.NONE;

    @Inject
    SharedSignInFailures(SharedStore store, JdbcSignInFailures database, RedisConnection redis, Chores chores) {
        this.store = store;
        this.database = database;
        this.redis = redis;
        this.chores = chores;
    }

    /** For the container's client proxy. */
    protected SharedSignInFailures() {
        this(null, null, null, null);
    }

    @PostConstruct
    void start() {
        backend = store.home();
        shared = backend == Backend.REDIS ? new RedisSignInFailures(redis::commands, redis.prefix()) : database;
        remembered = new RememberedSignInFailures(database);
        if (chores != null) {
            saver = chores.every(Duration.ofSeconds(1), Duration.ofSeconds(1), "write the failed sign-ins' counts",
                    remembered::save);
        }
    }

    /** The exact counts in memory when alone on an embedded database with no Redis named; else null. */
    private SignInFailures alone() {
        return store.exactInMemory() ? remembered : null;
    }

    @PreDestroy
    void stop() {
        saver.stop();
        remembered.save(); // the last second's failures
    }

    @Override
    public Map<String, Count> counts(List<String> keys, Instant now, Duration window) {
        if (alone() != null) {
            return alone().counts(keys, now, window);
        }
        Map<String, Count> counted = own.counts(keys, now, window);
        return store.decide(backend, new SharedDecision<>() {
            @Override
            public Map<String, Count> shared() {
                Map<String, Count> both = new HashMap<>(counted);
                shared.counts(keys, now, window).forEach((k, c) -> both.merge(k, c,
                        (a, b) -> a.failures() >= b.failures() ? a : b));
                return both;
            }

            @Override
            public Map<String, Count> onShare() {
                return counted;
            }
        });
    }

    @Override
    public Map<String, Count> add(List<String> keys, Instant now, Duration window) {
        if (alone() != null) {
            return alone().add(keys, now, window);
        }
        return store.decide(backend, new SharedDecision<>() {
            @Override
            public Map<String, Count> shared() {
                return shared.add(keys, now, window);
            }

            @Override
            public Map<String, Count> onShare() {
                return own.add(keys, now, window);
            }
        });
    }

    @Override
    public void clear(String key) {
        own.clear(key);
        if (alone() != null) {
            alone().clear(key);
            return;
        }
        store.decide(backend, new SharedDecision<Void>() {
            @Override
            public Void shared() {
                shared.clear(key);
                return null;
            }

            @Override
            public Void onShare() {
                return null; // the shared count ends with its window
            }
        });
    }

    @Override
    public int clearAll() {
        int own = this.own.clearAll();
        if (alone() != null) {
            return own + alone().clearAll();
        }
        return own + store.decide(backend, new SharedDecision<Integer>() {
            @Override
            public Integer shared() {
                return shared.clearAll();
            }

            @Override
            public Integer onShare() {
                return 0; // the shared counts end with their windows
            }
        });
    }
}
