package dev.llmproxy.infrastructure.config;

import dev.llmproxy.application.access.AccessMode;
import dev.llmproxy.application.access.ApiKeys;
import dev.llmproxy.application.config.BootstrapConfig;
import dev.llmproxy.application.config.ConfigService;
import dev.llmproxy.application.log.RequestLog;
import dev.llmproxy.application.proxy.RefusalRunRecords;
import dev.llmproxy.application.security.AdminBootstrap;
import dev.llmproxy.domain.breaker.Breakers;
import dev.llmproxy.infrastructure.chores.Chore;
import dev.llmproxy.infrastructure.chores.Chores;
import dev.llmproxy.infrastructure.local.OllamaWatch;
import dev.llmproxy.infrastructure.persistence.ProxyDatabase;
import dev.llmproxy.infrastructure.persistence.RequestLogRetention;
import dev.llmproxy.infrastructure.persistence.SchemaMigrations;
import dev.llmproxy.infrastructure.persistence.StartupLock;
import dev.llmproxy.infrastructure.upstream.kinds.UpstreamKinds;
import dev.llmproxy.infrastructure.variables.Variables;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.Config;

import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.logging.Logger;
import javax.sql.DataSource;

import static dev.llmproxy.application.config.DeploymentVariable.*;

/**
 * Brings the application up in order: schema, runtime configuration, bootstrap admin, request log writer, and the
 * poll that picks up configuration changes made on other instances. A failure stops the deployment loudly.
 */
@ApplicationScoped
public class Startup {

    private static final Logger LOG = Logger.getLogger(Startup.class.getName());
    private static final Duration CONFIG_POLL = Duration.ofSeconds(2);

    private final DataSource dataSource;
    private final Chores chores;
    private final Config config;
    private final ConfigService configs;
    private final AdminBootstrap admins;
    private final RequestLog requestLog;
    private final RequestLogRetention retention;
    private final AccessMode access;
    private final ApiKeys keys;
    private final Breakers breakers;
    private final Clock clock;
    private final OllamaWatch localModels;
    private final RefusalRunRecords refusalRecords;

    private Instant startedAt;

    private Chore poll = Chore.NONE;
    private Chore refusalRuns = Chore.NONE;

    @Inject
    Startup(@ProxyDatabase DataSource dataSource, Chores chores, Config config, ConfigService configs,
            AdminBootstrap admins, RequestLog requestLog, RequestLogRetention retention, AccessMode access,
            ApiKeys keys, Breakers breakers, Clock clock, OllamaWatch localModels, RefusalRunRecords refusalRecords) {
        this.dataSource = dataSource;
        this.chores = chores;
        this.config = config;
        this.configs = configs;
        this.admins = admins;
        this.requestLog = requestLog;
        this.retention = retention;
        this.access = access;
        this.keys = keys;
        this.breakers = breakers;
        this.clock = clock;
        this.localModels = localModels;
        this.refusalRecords = refusalRecords;
    }

    /** For the container's client proxy. */
    protected Startup() {
        this(null, null, null, null, null, null, null, null, null, null, null, null, null);
    }

    void onStart(@Observes @Initialized(ApplicationScoped.class) Object ignored) throws SQLException {
        try (StartupLock lock = StartupLock.acquire(dataSource)) {
            int schema = new SchemaMigrations(dataSource).migrate();
            LOG.info("Database schema at version " + schema);
            configs.initialise(() -> BootstrapConfig.load(key -> config.getOptionalValue(key, String.class),
                    UpstreamKinds.firstStarts()));
            admins.ensureAdmin(Variables.text(config, PROXY_ADMIN_PASSWORD));
        }
        requestLog.start();
        retention.start();
        localModels.start();
        keys.reload();
        startedAt = clock.instant();
        configs.heartbeat(breakers.instanceId(), startedAt, startedAt);
        announce(access);
        poll = chores.every(CONFIG_POLL, CONFIG_POLL, "check the database for changes made on other instances",
                this::refresh);
        // the runs of refusals answered from memory whose window has room again: one request-log row each
        refusalRuns = chores.every(Duration.ofSeconds(1), Duration.ofSeconds(1),
                "record the runs of rate-limit refusals", refusalRecords::refusalRunsOver);
    }

    private static void announce(AccessMode access) {
        if (!access.serving()) {
            LOG.severe("PROXY_MODE=production but " + access.refusal() + ": the proxy endpoint answers 503 and "
                    + "readiness is DOWN until a secret salt of at least " + AccessMode.MIN_SALT_LENGTH
                    + " characters is set (a public salt over the IPv4 space is no hashing at all).");
        } else if (!access.production() && !access.hasSecretSalt()) {
            LOG.warning("Development mode: client addresses are hashed with a public development salt. Set PROXY_MODE="
                    + "production and PROXY_IP_SALT before exposing the proxy.");
        } else {
            LOG.info("Access: " + (access.production() ? "production" : "development") + " mode, client addresses "
                    + "hashed with the configured salt.");
        }
    }

    /** Picks up configuration and API-key changes made on other instances. */
    private void refresh() {
        configs.refresh();
        keys.reload();
        configs.heartbeat(breakers.instanceId(), startedAt, clock.instant());
    }

    @PreDestroy
    void stop() {
        poll.stop();
        refusalRuns.stop();
    }
}
