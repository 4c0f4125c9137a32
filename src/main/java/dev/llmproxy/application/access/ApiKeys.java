package dev.llmproxy.application.access;

import dev.llmproxy.application.audit.AuditTrail;
import dev.llmproxy.application.config.ConfigService;
import dev.llmproxy.domain.config.ConfigValidationException;
import dev.llmproxy.domain.config.Problem;
import dev.llmproxy.domain.admission.Priority;
import dev.llmproxy.domain.keys.ApiKey;
import dev.llmproxy.domain.keys.ApiKeyRepository;
import dev.llmproxy.domain.keys.ApiKeySecrets;
import dev.llmproxy.domain.limits.ScopeLimit;
import dev.llmproxy.domain.spend.BudgetLimits;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Clock;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Caller API keys: created by admins and shown once, checked on every request against an in-memory snapshot of the
 * stored hashes (reloaded every few seconds, so a key revoked on another instance stops working here too).
 */
@ApplicationScoped
public class ApiKeys {

    private static final int MAX_LIMIT = 1_000_000;

    private final ApiKeyRepository repository;
    private final ConfigService configs;
    private final Clock clock;
    private final AuditTrail audit;

    private volatile Map<String, ApiKey> byId = Map.of();

    @Inject
    ApiKeys(ApiKeyRepository repository, ConfigService configs, Clock clock, AuditTrail audit) {
        this.repository = repository;
        this.configs = configs;
        this.clock = clock;
        this.audit = audit;
    }

    /** For the container's client proxy. */
    protected ApiKeys() {
        this(null, null, null, null);
    }

    /** What an admin asks for; null fields take their defaults. */
    public record Request(String name, String scope, Collection<String> allowedTiers, Integer limitPerMinute,
                          BudgetLimits budget, Priority priority) {
        public Request(String name, String scope, Collection<String> allowedTiers, Integer limitPerMinute,
                       BudgetLimits budget) {
            this(name, scope, allowedTiers, limitPerMinute, budget, null);
        }

        public Request(String name, String scope, Collection<String> allowedTiers, Integer limitPerMinute) {
            this(name, scope, allowedTiers, limitPerMinute, BudgetLimits.NONE);
        }
    }

    /** A created key: the stored form, and the key itself, which is never shown again. */
    public record Created(ApiKey key, String secret) {
    }

    public void reload() {
        byId = repository.all().stream().collect(Collectors.toUnmodifiableMap(ApiKey::id, Function.identity()));
    }

    /** @throws ConfigValidationException naming each bad field */
    public Created create(Request request, String who) {
        List<Problem> problems = problems(request);
        if (!problems.isEmpty()) {
            throw new ConfigValidationException(problems);
        }
        ApiKeySecrets.NewKey fresh = ApiKeySecrets.generate();
        ApiKey key = new ApiKey(fresh.id(), request.name().trim(), ApiKeySecrets.hash(fresh.key()), request.scope(),
                new LinkedHashSet<>(request.allowedTiers() == null ? List.of() : request.allowedTiers()),
                request.limitPerMinute(), request.budget(), clock.instant(), who, null, null, request.priority());
        repository.insert(key);
        reload();
        audit.record(who, "API key created", key.id() + " (" + key.name() + ")", null, "scope " + key.scope()
                + ", tiers " + (key.allowedTiers().isEmpty() ? "all" : key.allowedTiers()) + ", limit/min "
                + (key.limitPerMinute() == null ? "default" : key.limitPerMinute()) + ", budget "
                + describe(key.budget()) + ", priority " + key.priority().word());
        return new Created(key, fresh.key());
    }

    /**
     * Gives a key its own budget ({@link BudgetLimits#NONE}: back to the {@code keys} default of {@code budgets}).
     *
     * @return the key as it now is, or empty when there is none with this id
     */
    public Optional<ApiKey> setBudget(String id, BudgetLimits budget, String who) {
        Optional<ApiKey> found = repository.find(id);
        if (found.isEmpty()) {
            return Optional.empty();
        }
        ApiKey before = found.get();
        ApiKey after = before.withBudget(budget);
        if (!after.budget().equals(before.budget())) {
            repository.update(after);
            audit.record(who, "API key budget set", id + " (" + after.name() + ")", describe(before.budget()),
                    describe(after.budget()));
        }
        reload();
        return Optional.of(after);
    }

    private static String describe(BudgetLimits b) {
        return b.isEmpty() ? "default" : b.toPlain().toString();
    }

    /** What is wrong with a request, each problem naming its field; empty when it is good. */
    public List<Problem> problems(Request request) {
        List<Problem> problems = new ArrayList<>();
        String name = request.name() == null ? "" : request.name().trim();
        if (name.isEmpty() || name.length() > 200) {
            problems.add(new Problem("name", "must have 1 to 200 characters"));
        }
        if (request.scope() != null && !ScopeLimit.isName(request.scope())) {
            problems.add(new Problem("scope", "lower-case letters, digits, - and _, at most 40 characters"));
        }
        Set<String> tiers = new LinkedHashSet<>(request.allowedTiers() == null ? List.of() : request.allowedTiers());
        Set<String> known = configs.current().tiers().stream().map(t -> t.name()).collect(Collectors.toSet());
        for (String t : tiers) {
            if (!known.contains(t)) {
                problems.add(new Problem("allowedTiers", "no tier is named '" + t + "'"));
            }
        }
        Integer limit = request.limitPerMinute();
        if (limit != null && (limit < 1 || limit > MAX_LIMIT)) {
            problems.add(new Problem("limitPerMinute", "must be between 1 and " + MAX_LIMIT + " (was " + limit + ")"));
        }
        return problems;
    }

    /** @return the revoked key, or empty when there is none with this id */
    public Optional<ApiKey> revoke(String id, String who) {
        Optional<ApiKey> found = repository.find(id);
        if (found.isEmpty()) {
            return Optional.empty();
        }
        ApiKey key = found.get();
        if (!key.revoked()) {
            key = key.revoke(clock.instant(), who);
            repository.update(key);
            audit.record(who, "API key revoked", id + " (" + key.name() + ")", "active", "revoked");
        }
        reload();
        return Optional.of(key);
    }

    public List<ApiKey> list() {
        return repository.all();
    }

    /** The keys as this instance last loaded them (within seconds of the store), without asking the database. */
    public Collection<ApiKey> loaded() {
        return byId.values();
    }

    /**
     * @return the key a presented bearer token belongs to (possibly revoked), or empty when it matches none. The hash
     * comparison is constant-time; the presented text is never logged.
     */
    public Optional<ApiKey> find(String presented) {
        Optional<String> id = ApiKeySecrets.idOf(presented);
        if (id.isEmpty()) {
            return Optional.empty();
        }
        ApiKey key = byId.get(id.get());
        return key != null && ApiKeySecrets.matches(presented, key.hash()) ? Optional.of(key) : Optional.empty();
    }
}
