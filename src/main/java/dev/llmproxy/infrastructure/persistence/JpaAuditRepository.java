package dev.llmproxy.infrastructure.persistence;

import dev.llmproxy.domain.audit.AuditEvent;
import dev.llmproxy.domain.audit.AuditRepository;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;

import java.sql.Timestamp;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

@ApplicationScoped
public class JpaAuditRepository implements AuditRepository {

    @PersistenceContext(unitName = "proxy")
    EntityManager em;

    @Override
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    public void record(AuditEvent e) {
        em.createNativeQuery("INSERT INTO admin_audit (id, at, actor, action, target, before_value, after_value)"
                        + " VALUES (?, ?, ?, ?, ?, ?, ?)")
                .setParameter(1, UUID.randomUUID().toString()).setParameter(2, LocalDateTime.ofInstant(e.at(), ZoneOffset.UTC))
                .setParameter(3, e.actor()).setParameter(4, e.action()).setParameter(5, e.target())
                .setParameter(6, e.before()).setParameter(7, e.after()).executeUpdate();
    }

    @Override
    @Transactional
    @SuppressWarnings("unchecked")
    public List<AuditEvent> recent(int limit) {
        List<Object[]> rows = em.createNativeQuery("SELECT at, actor, action, target, before_value, after_value"
                + " FROM admin_audit ORDER BY at DESC").setMaxResults(limit).getResultList();
        return rows.stream().map(JpaAuditRepository::event).toList();
    }

    @Override
    @Transactional
    @SuppressWarnings("unchecked")
    public Optional<AuditEvent> latest(String action, String target) {
        List<Object[]> rows = em.createNativeQuery("SELECT at, actor, action, target, before_value, after_value"
                        + " FROM admin_audit WHERE action = ? AND target = ? ORDER BY at DESC")
                .setParameter(1, action).setParameter(2, target).setMaxResults(1).getResultList();
        return rows.stream().map(JpaAuditRepository::event).findFirst();
    }

    private static AuditEvent event(Object[] r) {
        return new AuditEvent(time(r[0]).toInstant(ZoneOffset.UTC), (String) r[1], (String) r[2], (String) r[3],
                (String) r[4], (String) r[5]);
    }

    private static LocalDateTime time(Object value) {
        return value instanceof Timestamp ts ? ts.toLocalDateTime() : (LocalDateTime) value;
    }
}
