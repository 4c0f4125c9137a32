package dev.llmproxy.interfaces.console;

import dev.llmproxy.application.audit.AuditTrail;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.io.IOException;
import java.util.Map;

/** The audit trail: every admin change (configuration, keys, users, breakers), newest first. */
@ApplicationScoped
public class AuditPage {

    private static final int SHOWN = 500;

    private final AuditTrail audit;

    @Inject
    AuditPage(AuditTrail audit) {
        this.audit = audit;
    }

    /** For the container's client proxy. */
    protected AuditPage() {
        this(null);
    }

    void list(ConsoleRequest r) throws IOException {
        r.render("audit", "audit", Map.of("events", audit.recent(SHOWN)));
    }
}
