package dev.llmproxy.infrastructure.sharing;

import dev.llmproxy.domain.security.InMemorySignInFailures;
import dev.llmproxy.domain.security.SignInFailures;
import dev.llmproxy.infrastructure.persistence.JdbcSignInFailures;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Failed sign-ins on the shared store, through its guard: while the store cannot answer this instance counts them on
 * its own, and what it counted then still counts (the larger of its own count and the shared one) until the window
 * ends, so a guesser gains nothing from an outage.
 */
@ApplicationScoped
public class SharedSignInFailures implements SignInFailures {

    @Inject
    SharedStore store;
    @Inject
    JdbcSignInFailures database;

    private final SignInFailures own = new InMemorySignInFailures();

    @Override
    public Map<String, Count> counts(List<String> keys, Instant now, Duration window) {
        Map<String, Count> counted = own.counts(keys, now, window);
        return store.decide(Backend.DATABASE, new SharedDecision<>() {
            @Override
            public Map<String, Count> shared() {
                Map<String, Count> both = new HashMap<>(counted);
                database.counts(keys, now, window).forEach((k, c) -> both.merge(k, c,
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
        return store.decide(Backend.DATABASE, new SharedDecision<>() {
            @Override
            public Map<String, Count> shared() {
                return database.add(keys, now, window);
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
        store.decide(Backend.DATABASE, new SharedDecision<Void>() {
            @Override
            public Void shared() {
                database.clear(key);
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
        return own + store.decide(Backend.DATABASE, new SharedDecision<Integer>() {
            @Override
            public Integer shared() {
                return database.clearAll();
            }

            @Override
            public Integer onShare() {
                return 0; // the shared counts end with their windows
            }
        });
    }
}
