package dev.llmproxy.domain.audit;

import java.util.List;
import java.util.Optional;

public interface AuditRepository {

    void record(AuditEvent event);

    /** Newest first. */
    List<AuditEvent> recent(int limit);

    /** The newest event of this action on this target. */
    Optional<AuditEvent> latest(String action, String target);
}
