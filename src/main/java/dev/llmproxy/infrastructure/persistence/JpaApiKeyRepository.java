package dev.llmproxy.infrastructure.persistence;

import dev.llmproxy.domain.admission.Priority;
import dev.llmproxy.domain.keys.ApiKey;
import dev.llmproxy.domain.keys.ApiKeyRepository;
import dev.llmproxy.domain.spend.BudgetLimits;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

@ApplicationScoped
public class JpaApiKeyRepository implements ApiKeyRepository {

    @PersistenceContext(unitName = "proxy")
    EntityManager em;

    @Override
    @Transactional
    public void insert(ApiKey key) {
        ApiKeyEntity e = new ApiKeyEntity();
        e.id = key.id();
        copy(key, e);
        em.persist(e);
    }

    @Override
    @Transactional
    public boolean update(ApiKey key) {
        ApiKeyEntity e = em.find(ApiKeyEntity.class, key.id());
        if (e == null) {
            return false;
        }
        copy(key, e);
        return true;
    }

    @Override
    @Transactional
    public Optional<ApiKey> find(String id) {
        return Optional.ofNullable(em.find(ApiKeyEntity.class, id)).map(JpaApiKeyRepository::toDomain);
    }

    @Override
    @Transactional
    public List<ApiKey> all() {
        return em.createQuery("select k from ApiKeyEntity k order by k.createdAt desc, k.id", ApiKeyEntity.class)
                .setHint("eclipselink.read-only", "true").getResultList().stream()
                .map(JpaApiKeyRepository::toDomain).toList();
    }

    private static void copy(ApiKey key, ApiKeyEntity e) {
        e.name = key.name();
        e.keyHash = key.hash();
        e.scope = key.scope();
        e.allowedTiers = String.join(",", new TreeSet<>(key.allowedTiers()));
        e.limitPerMinute = key.limitPerMinute();
        e.dailyUsd = key.budget().dailyUsd();
        e.monthlyUsd = key.budget().monthlyUsd();
        e.dailyTokens = key.budget().dailyTokens();
        e.monthlyTokens = key.budget().monthlyTokens();
        e.tokensPerMinute = key.budget().tokensPerMinute();
        e.createdAt = utc(key.createdAt());
        e.createdBy = key.createdBy();
        e.revokedAt = utc(key.revokedAt());
        e.revokedBy = key.revokedBy();
        e.priority = key.priority().word();
    }

    private static ApiKey toDomain(ApiKeyEntity e) {
        Set<String> tiers = e.allowedTiers == null || e.allowedTiers.isEmpty() ? Set.of()
                : Arrays.stream(e.allowedTiers.split(",")).collect(Collectors.toSet());
        return new ApiKey(e.id, e.name, e.keyHash, e.scope, tiers, e.limitPerMinute,
                new BudgetLimits(plain(e.dailyUsd), plain(e.monthlyUsd), e.dailyTokens, e.monthlyTokens,
                        e.tokensPerMinute),
                instant(e.createdAt), e.createdBy, instant(e.revokedAt), e.revokedBy,
                Priority.of(e.priority).orElse(Priority.STANDARD));
    }

    /** An amount as it was entered (the column's scale adds trailing zeros). */
    private static BigDecimal plain(BigDecimal stored) {
        return stored == null ? null : stored.stripTrailingZeros();
    }

    private static LocalDateTime utc(Instant i) {
        return i == null ? null : LocalDateTime.ofInstant(i, ZoneOffset.UTC);
    }

    private static Instant instant(LocalDateTime t) {
        return t == null ? null : t.toInstant(ZoneOffset.UTC);
    }
}
