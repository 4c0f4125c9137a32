package dev.llmproxy.application.audit;

import dev.llmproxy.domain.audit.AuditEvent;
import dev.llmproxy.domain.audit.AuditRepository;
import dev.llmproxy.domain.text.StorableText;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

/** Every admin change, whichever way it came (console or JSON API): configuration, keys, users, breakers. */
@ApplicationScoped
public class AuditTrail {

    private static final Logger LOG = Logger.getLogger(AuditTrail.class.getName());
    private static final int MAX_TEXT = 4000;

    private final AuditRepository repository;
    private final Clock clock;

    @Inject
    AuditTrail(AuditRepository repository, Clock clock) {
        this.repository = repository;
        this.clock = clock;
    }

    /** For the container's client proxy. */
    protected AuditTrail() {
        this(null, null);
    }

    public void record(String actor, String action, String target, String before, String after) {
        AuditEvent e = new AuditEvent(clock.instant(), actor == null ? "unknown" : StorableText.of(actor), action,
                StorableText.of(target), clip(before), clip(after));
        LOG.info(() -> "Audit: " + e.actor() + " " + e.action() + " " + e.target()
                + (e.after() == null ? "" : " -> " + e.after()));
        try {
            repository.record(e);
        } catch (RuntimeException ex) {
            // the change itself is done; the server log above still holds it
            LOG.log(Level.SEVERE, "Could not store the audit event of " + e.actor() + " " + e.action(), ex);
        }
    }

    public List<AuditEvent> recent(int limit) {
        return repository.recent(limit);
    }

    /** The newest event of this action on this target, if any (empty when the trail cannot be read). */
    public Optional<AuditEvent> latest(String action, String target) {
        try {
            return repository.latest(action, target);
        } catch (RuntimeException ex) {
            LOG.log(Level.WARNING, "Could not read the audit trail", ex);
            return Optional.empty();
        }
    }

    private static String clip(String s) {
        return StorableText.of(s == null || s.length() <= MAX_TEXT ? s : s.substring(0, MAX_TEXT - 1) + "…");
    }
}
