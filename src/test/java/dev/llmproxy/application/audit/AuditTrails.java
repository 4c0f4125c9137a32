package dev.llmproxy.application.audit;

import dev.llmproxy.domain.audit.AuditEvent;
import dev.llmproxy.domain.audit.AuditRepository;

import java.time.Clock;
import java.util.List;

/** An audit trail that keeps its events in a list, for unit tests of what audits. */
public final class AuditTrails {

    private AuditTrails() {
    }

    public static AuditTrail into(List<AuditEvent> events, Clock clock) {
        AuditTrail trail = new AuditTrail();
        trail.clock = clock;
        trail.repository = new AuditRepository() {
            @Override public void record(AuditEvent event) { events.add(event); }
            @Override public List<AuditEvent> recent(int limit) { return List.copyOf(events); }
        };
        return trail;
    }
}
