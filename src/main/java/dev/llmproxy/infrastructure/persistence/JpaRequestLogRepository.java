package dev.llmproxy.infrastructure.persistence;

import dev.llmproxy.domain.log.RequestLogRepository;
import dev.llmproxy.domain.log.RequestRecord;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.PersistenceException;
import jakarta.persistence.TypedQuery;
import jakarta.transaction.Transactional;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

@ApplicationScoped
public class JpaRequestLogRepository implements RequestLogRepository {

    @PersistenceContext(unitName = "proxy")
    EntityManager em;

    /** The persistence unit's own datasource: writes join the same JTA transaction. */
    @Resource(lookup = "jdbc/proxy")
    DataSource dataSource;

    @Override
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public void saveAll(List<RequestRecord> records) {
        try (Connection c = dataSource.getConnection()) {
            RequestLogInserts.insert(c, records);
        } catch (SQLException e) {
            throw new PersistenceException("request log batch of " + records.size() + " rows failed: " + e.getMessage(), e);
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
