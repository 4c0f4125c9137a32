package dev.llmproxy.interfaces.health;

import dev.llmproxy.infrastructure.persistence.ProxyDatabase;
import dev.llmproxy.application.access.AccessMode;
import dev.llmproxy.application.access.Limiter;
import dev.llmproxy.application.spend.BudgetLedger;
import dev.llmproxy.application.breaker.ModelHealth;
import dev.llmproxy.infrastructure.sharing.LiveInstances;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * Ready means "can serve": at least one tier can answer now (some model closed or due for a probe) and the deployment
 * may serve (not production without a salt). A database outage does not make an instance unready: it keeps answering,
 * with limits in memory and request-log rows held until the database returns, and a balancer that followed readiness
 * would take every instance out at once and turn the outage into a total one. The details say so ({@code degraded}).
 */
@Readiness
@ApplicationScoped
public class ProxyReadiness implements HealthCheck {

    private static final int DB_TIMEOUT_SECONDS = 2;

    private final DataSource dataSource;
    private final ModelHealth health;
    private final AccessMode access;
    private final Limiter limiter;
    private final BudgetLedger budgets;
    private final LiveInstances instances;

    @Inject
    ProxyReadiness(@ProxyDatabase DataSource dataSource, ModelHealth health, AccessMode access, Limiter limiter,
            BudgetLedger budgets, LiveInstances instances) {
        this.dataSource = dataSource;
        this.health = health;
        this.access = access;
        this.limiter = limiter;
        this.budgets = budgets;
        this.instances = instances;
    }

    /** For the container's client proxy. */
    protected ProxyReadiness() {
        this(null, null, null, null, null, null);
    }

    @Override
    public HealthCheckResponse call() {
        boolean database = databaseAnswers();
        long answering = health.tiers().stream().filter(ModelHealth.TierStatus::canAnswer).count();
        boolean sharedLimits = limiter.shared();
        boolean sharedBudgets = budgets.shared();
        HealthCheckResponseBuilder r = HealthCheckResponse.named("proxy")
                .withData("database", database ? "up" : "down (serving on: limits in memory, request-log rows held)")
                .withData("degraded", !database || !sharedLimits || !sharedBudgets)
                .withData("tiersAnswering", answering)
                .withData("tiers", health.tiers().size())
                .withData("rateLimitStore", sharedLimits ? "shared" : "in-memory (shared store unreachable)")
                .withData("budgetStore", sharedBudgets ? "shared" : "in-memory share (shared store unreachable)")
                .withData("instancesAlive", instances.count())
                .withData("mode", access.production() ? "production" : "development");
        if (!access.serving()) {
            r.withData("refusing", access.refusal());
        }
        return r.status(answering > 0 && access.serving()).build();
    }

    private boolean databaseAnswers() {
        try (Connection c = dataSource.getConnection()) {
            return c.isValid(DB_TIMEOUT_SECONDS);
        } catch (SQLException e) {
            return false;
        }
    }
}
