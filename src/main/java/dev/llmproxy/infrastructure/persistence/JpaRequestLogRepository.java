package dev.llmproxy.infrastructure.persistence;

import jakarta.inject.Inject;
import dev.llmproxy.domain.log.RecordRefused;
import dev.llmproxy.domain.log.RequestLogFilter;
import dev.llmproxy.domain.log.RequestLogRepository;
import dev.llmproxy.domain.log.RequestRecord;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.PersistenceException;
import jakarta.persistence.TypedQuery;
import jakarta.transaction.Transactional;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

@ApplicationScoped
public class JpaRequestLogRepository implements RequestLogRepository {

    @PersistenceContext(unitName = "proxy")
    EntityManager em;

    /** The persistence unit's own datasource: writes join the same JTA transaction. */
    @Inject
    @ProxyDatabase
    DataSource dataSource;

    private final H2CommitDelay commitDelay = new H2CommitDelay();

    /**
     * One local transaction per batch, on the writer's own thread. No JTA: the batch touches one resource, and the
     * global transaction's interceptor and enlistment cost half as much CPU again as the inserts themselves.
     */
    @Override
    public void saveAll(List<RequestRecord> records, boolean durable) {
        try (Connection c = dataSource.getConnection()) {
            commitDelay.ensure(c, durable);
            c.setAutoCommit(false);
            try {
                RequestLogInserts.insert(c, records);
                c.commit();
            } catch (SQLException | RuntimeException e) {
                try {
                    c.rollback();
                } catch (SQLException rollback) {
                    e.addSuppressed(rollback);
                }
                throw e;
            }
        } catch (SQLException e) {
            String message = "request log batch of " + records.size() + " rows failed: " + e.getMessage();
            throw SqlStates.refusedContent(e) ? new RecordRefused(message, e) : new PersistenceException(message, e);
        }
    }

    @Override
    // Reads run in a transaction of their own, so that a page's rows come from one persistence context.
    @Transactional
    public List<RequestRecord> page(int limit, Cursor before) {
        return page(RequestLogFilter.NONE, limit, before);
    }

    @Override
    @Transactional
    public List<RequestRecord> page(RequestLogFilter filter, int limit, Cursor before) {
        RequestLogQuery q = RequestLogQuery.of(filter, before);
        TypedQuery<RequestLogEntity> query = em.createQuery(q.jpql(), RequestLogEntity.class);
        q.parameters().forEach(query::setParameter);
        query.setHint("eclipselink.read-only", "true");
        return query.setMaxResults(limit).getResultList().stream().map(RequestLogMapper::toDomain).toList();
    }

    @Override
    @Transactional
    public Optional<RequestRecord> find(String requestId) {
        return Optional.ofNullable(em.find(RequestLogEntity.class, requestId)).map(RequestLogMapper::toDomain);
    }

    @Override
    @Transactional
    public Spend spend(Instant from, Instant to) {
        try (Connection c = dataSource.getConnection()) {
            return RequestLogSpend.query(c, from, to);
        } catch (SQLException e) {
            throw new PersistenceException("request log spend failed: " + e.getMessage(), e);
        }
    }

    @Override
    @Transactional
    public Summary summary(Instant from, Instant to, int buckets) {
        try (Connection c = dataSource.getConnection()) {
            return RequestLogSummaries.query(c, from, to, buckets);
        } catch (SQLException e) {
            throw new PersistenceException("request log summary failed: " + e.getMessage(), e);
        }
    }
}
