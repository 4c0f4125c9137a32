package dev.llmproxy.infrastructure.persistence;

import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.config.ConfigRepository;
import dev.llmproxy.domain.config.ConfigVersion;
import dev.llmproxy.domain.config.InstanceHeartbeat;
import dev.llmproxy.domain.catalog.Provider;
import dev.llmproxy.domain.config.RuntimeConfig;
import dev.llmproxy.domain.config.SettingKey;
import dev.llmproxy.domain.config.SettingKeys;
import dev.llmproxy.domain.config.Settings;
import dev.llmproxy.domain.config.Tier;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.logging.Logger;

@ApplicationScoped
public class JpaConfigRepository implements ConfigRepository {

    private static final Logger LOG = Logger.getLogger(JpaConfigRepository.class.getName());

    @PersistenceContext(unitName = "proxy")
    EntityManager em;

    @Override
    @Transactional
    public Optional<RuntimeConfig> loadLatest() {
        long version = latestVersion();
        if (version == 0) {
            return Optional.empty();
        }
        List<Provider> providers = em.createQuery("select p from ProviderEntity p order by p.sortOrder, p.name", ProviderEntity.class)
                .getResultList().stream().map(ConfigMapper::toDomain).toList();
        List<AllowedModel> models = em.createQuery("select m from ModelEntity m order by m.sortOrder", ModelEntity.class)
                .getResultList().stream().map(ConfigMapper::toDomain).toList();
        List<Tier> tiers = em.createQuery("select t from TierEntity t order by t.sortOrder", TierEntity.class)
                .getResultList().stream().map(ConfigMapper::toDomain).toList();
        Settings.Builder settings = Settings.builder();
        for (SettingEntity s : em.createQuery("select s from SettingEntity s", SettingEntity.class).getResultList()) {
            Optional<SettingKey<?>> key = SettingKeys.byName(s.name);
            if (key.isEmpty()) {
                LOG.warning("Ignoring unknown stored setting " + s.name);
                continue;
            }
            settings.set(s.name, key.get().toPlain(cast(key.get().parseText(s.value))));
        }
        return Optional.of(RuntimeConfig.of(version, providers, models, tiers, settings.build()));
    }

    @SuppressWarnings("unchecked")
    private static <T> T cast(Object o) {
        return (T) o;
    }

    @Override
    @Transactional
    public long latestVersion() {
        Long max = em.createQuery("select max(v.version) from ConfigVersionEntity v", Long.class).getSingleResult();
        return max == null ? 0 : max;
    }

    @Override
    @Transactional
    public RuntimeConfig replace(RuntimeConfig config, String author, String summary, String snapshot) {
        NewerReleases.refuseIfSchemaAhead(em);
        long next = latestVersion() + 1;
        // The version row goes in first: of two concurrent replaces, the second fails here, before touching anything.
        ConfigVersionEntity version = new ConfigVersionEntity();
        version.version = next;
        version.createdAt = LocalDateTime.now(ZoneOffset.UTC);
        version.author = author;
        version.summary = summary;
        version.snapshot = snapshot;
        em.persist(version);
        em.flush();

        for (String table : List.of("tier_on_refusal", "tier_chain", "tier", "allowed_model", "provider")) {
            em.createNativeQuery("DELETE FROM " + table).executeUpdate();
        }
        NewerReleases.deleteKnownSettings(em);
        // The entities have no JPA relationships, so flush each group before the one whose foreign keys need it.
        List<Provider> providers = config.providers();
        for (int i = 0; i < providers.size(); i++) {
            em.persist(ConfigMapper.toEntity(providers.get(i), i));
        }
        em.flush();
        List<AllowedModel> models = config.models();
        for (int i = 0; i < models.size(); i++) {
            em.persist(ConfigMapper.toEntity(models.get(i), i));
        }
        em.flush();
        List<Tier> tiers = config.tiers();
        for (int i = 0; i < tiers.size(); i++) {
            em.persist(ConfigMapper.toEntity(tiers.get(i), i));
        }
        Set<String> names = new HashSet<>();
        models.forEach(m -> names.add(m.name()));
        tiers.forEach(t -> names.add(t.name()));
        ConfigEntryTimes.update(em, names, version.createdAt);
        for (Map.Entry<SettingKey<?>, Object> e : config.settings().effective().entrySet()) {
            if (e.getValue() == null) {
                continue; // decided by the deployment (PROXY_MODE), not stored
            }
            SettingEntity s = new SettingEntity();
            s.name = e.getKey().name();
            s.value = text(e.getKey(), e.getValue());
            em.persist(s);
        }
        return config.withVersion(next);
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static String text(SettingKey key, Object value) {
        return key.toText(value);
    }

    @Override
    @Transactional
    public Map<String, Instant> enteredAt() {
        return ConfigEntryTimes.read(em);
    }

    @Override
    @Transactional
    public List<ConfigVersion> versions(int limit) {
        return em.createQuery("select v.version, v.createdAt, v.author, v.summary from ConfigVersionEntity v"
                        + " order by v.version desc", Object[].class).setMaxResults(limit).getResultList().stream()
                .map(r -> new ConfigVersion((Long) r[0], ((LocalDateTime) r[1]).toInstant(ZoneOffset.UTC), (String) r[2],
                        (String) r[3])).toList();
    }

    @Override
    @Transactional
    public Optional<String> snapshot(long version) {
        return Optional.ofNullable(em.find(ConfigVersionEntity.class, version)).map(v -> v.snapshot);
    }

    @Override
    @Transactional
    public void heartbeat(InstanceHeartbeat h) {
        int updated = em.createNativeQuery("UPDATE instance_heartbeat SET config_version = ?, last_seen = ? WHERE instance_id = ?")
                .setParameter(1, h.configVersion()).setParameter(2, utc(h.lastSeen())).setParameter(3, h.instanceId())
                .executeUpdate();
        if (updated == 0) {
            em.createNativeQuery("INSERT INTO instance_heartbeat (instance_id, config_version, started_at, last_seen)"
                            + " VALUES (?, ?, ?, ?)")
                    .setParameter(1, h.instanceId()).setParameter(2, h.configVersion())
                    .setParameter(3, utc(h.startedAt())).setParameter(4, utc(h.lastSeen())).executeUpdate();
        }
    }

    @Override
    @Transactional
    @SuppressWarnings("unchecked")
    public List<InstanceHeartbeat> instances() {
        List<Object[]> rows = em.createNativeQuery("SELECT instance_id, config_version, started_at, last_seen"
                + " FROM instance_heartbeat ORDER BY last_seen DESC").getResultList();
        return rows.stream().map(r -> new InstanceHeartbeat((String) r[0], ((Number) r[1]).longValue(), instant(r[2]),
                instant(r[3]))).toList();
    }

    private static LocalDateTime utc(java.time.Instant i) {
        return LocalDateTime.ofInstant(i, ZoneOffset.UTC);
    }

    private static java.time.Instant instant(Object value) {
        LocalDateTime t = value instanceof java.sql.Timestamp ts ? ts.toLocalDateTime() : (LocalDateTime) value;
        return t.toInstant(ZoneOffset.UTC);
    }
}
