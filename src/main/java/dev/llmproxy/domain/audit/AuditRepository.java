package dev.llmproxy.domain.audit;

import java.util.List;

public interface AuditRepository {

    void record(AuditEvent event);

    /** Newest first. */
    List<AuditEvent> recent(int limit);
}
