package dev.llmproxy.infrastructure.persistence;

import dev.llmproxy.domain.breaker.BreakerState;
import dev.llmproxy.domain.breaker.BreakerTransition;
import dev.llmproxy.domain.breaker.BreakerTransitionRepository;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;

import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;

@ApplicationScoped
public class JpaBreakerTransitionRepository implements BreakerTransitionRepository {

    private static final int REASON_MAX = 1000;

    @PersistenceContext(unitName = "proxy")
    EntityManager em;

    @Override
    @Transactional
    public void save(BreakerTransition t) {
        BreakerTransitionEntity e = new BreakerTransitionEntity();
        e.model = t.model();
        e.fromState = t.from().name();
        e.toState = t.to().name();
        e.reason = t.reason() == null || t.reason().length() <= REASON_MAX ? t.reason() : t.reason().substring(0, REASON_MAX);
        e.instanceId = t.instanceId();
        e.changedAt = LocalDateTime.ofInstant(t.at(), ZoneOffset.UTC);
        em.persist(e);
    }

    @Override
    @Transactional
    public List<BreakerTransition> recent(int limit) {
        return em.createQuery("select t from BreakerTransitionEntity t order by t.changedAt desc, t.id desc",
                        BreakerTransitionEntity.class)
                .setHint("eclipselink.read-only", "true")
                .setMaxResults(limit).getResultList().stream()
                .map(e -> new BreakerTransition(e.model, BreakerState.valueOf(e.fromState), BreakerState.valueOf(e.toState),
                        e.reason, e.instanceId, e.changedAt.toInstant(ZoneOffset.UTC)))
                .toList();
    }
}
