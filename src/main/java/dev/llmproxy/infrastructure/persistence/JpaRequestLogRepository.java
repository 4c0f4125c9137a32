package dev.llmproxy.infrastructure.persistence;

import dev.llmproxy.domain.log.RequestLogRepository;
import dev.llmproxy.domain.log.RequestRecord;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.TypedQuery;
import jakarta.transaction.Transactional;

import java.util.List;

@ApplicationScoped
public class JpaRequestLogRepository implements RequestLogRepository {

    @PersistenceContext(unitName = "proxy")
    EntityManager em;

    @Override
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public void saveAll(List<RequestRecord> records) {
        for (RequestRecord r : records) {
            em.persist(RequestLogMapper.toEntity(r));
        }
    }

    @Override
    @Transactional(Transactional.TxType.SUPPORTS)
    public List<RequestRecord> page(int limit, Cursor before) {
        TypedQuery<RequestLogEntity> query;
        if (before == null) {
            query = em.createQuery("select r from RequestLogEntity r order by r.receivedAt desc, r.requestId desc",
                    RequestLogEntity.class);
        } else {
            query = em.createQuery("select r from RequestLogEntity r where r.receivedAt < :t"
                            + " or (r.receivedAt = :t and r.requestId < :id) order by r.receivedAt desc, r.requestId desc",
                    RequestLogEntity.class)
                    .setParameter("t", RequestLogMapper.toUtc(before.receivedAt()))
                    .setParameter("id", before.requestId());
        }
        // Load the page's attempts in one query rather than one per row.
        query.setHint("eclipselink.batch", "r.attempts").setHint("eclipselink.batch.type", "IN")
                .setHint("eclipselink.read-only", "true");
        return query.setMaxResults(limit).getResultList().stream().map(RequestLogMapper::toDomain).toList();
    }
}
