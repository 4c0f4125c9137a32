package dev.llmproxy.application.audit;

import dev.llmproxy.domain.audit.AuditEvent;
import dev.llmproxy.domain.audit.AuditRepository;

import java.time.Clock;
import java.util.List;
import java.util.Optional;

/** An audit trail that keeps its events in a list, for unit tests of what audits. */
public final class AuditTrails {

    private AuditTrails() {
    }

    public static AuditTrail into(List<AuditEvent> events, Clock clock) {
        return new AuditTrail(new AuditRepository() {
            @Override public void record(AuditEvent event) { events.add(event); }
            @Override public List<AuditEvent> recent(int limit) { return List.copyOf(events); }
            @Override public Optional<AuditEvent> latest(String action, String target) {
                for (int i = events.size() - 1; i >= 0; i--) {
                    AuditEvent e = events.get(i);
                    if (e.action().equals(action) && java.util.Objects.equals(e.target(), target)) {
                        return Optional.of(e);
                    }
                }
                return Optional.empty();
            }
        }, clock);
    }
}
