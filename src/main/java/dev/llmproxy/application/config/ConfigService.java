package dev.llmproxy.application.config;

import dev.llmproxy.application.audit.AuditTrail;
import dev.llmproxy.domain.config.ConfigRepository;
import dev.llmproxy.domain.config.ConfigVersion;
import dev.llmproxy.domain.config.InstanceHeartbeat;
import dev.llmproxy.domain.config.RuntimeConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import java.util.logging.Logger;

/**
 * Holds the one runtime configuration in force, as an immutable snapshot swapped atomically, and keeps it in step
 * with the database (where other instances may change it).
 */
@ApplicationScoped
public class ConfigService {

    private static final Logger LOG = Logger.getLogger(ConfigService.class.getName());

    private final AtomicReference<RuntimeConfig> current = new AtomicReference<>();

    private final ConfigRepository repository;
    private final AuditTrail audit;

    @Inject
    ConfigService(ConfigRepository repository, AuditTrail audit) {
        this.repository = repository;
        this.audit = audit;
    }

    /** For the container's client proxy. */
    protected ConfigService() {
        this(null, null);
    }

    public RuntimeConfig current() {
        RuntimeConfig config = current.get();
        if (config == null) {
            throw new IllegalStateException("the runtime configuration is not loaded yet");
        }
        return config;
    }

    /** Loads the stored configuration, or stores the bootstrap one when the database holds none yet. */
    public synchronized RuntimeConfig initialise(Supplier<RuntimeConfig> bootstrap) {
        RuntimeConfig config = repository.loadLatest().orElseGet(() -> {
            RuntimeConfig initial = bootstrap.get();
            LOG.info("No configuration stored yet: storing the bootstrap configuration");
            return store(initial, "bootstrap", "initial configuration");
        });
        current.set(config);
        LOG.info("Runtime configuration version " + config.version() + " in force: " + config.tiers().size()
                + " tiers, " + config.models().size() + " models");
        return config;
    }

    /** Replaces the whole configuration (validated already) and puts it in force on this instance at once. */
    public synchronized RuntimeConfig replace(RuntimeConfig config, String author, String summary) {
        RuntimeConfig before = current.get();
        RuntimeConfig stored = store(config, author, summary);
        audit.record(author, "configuration changed", "version " + stored.version(),
                before == null ? null : "version " + before.version(), summary);
        current.set(stored);
        LOG.info("Configuration version " + stored.version() + " stored by " + author + ": " + summary);
        return stored;
    }

    private RuntimeConfig store(RuntimeConfig config, String author, String summary) {
        return repository.replace(config, author, summary, ConfigDocumentWriter.writeString(config));
    }

    /** Picks up a newer version stored by another instance. */
    public void refresh() {
        RuntimeConfig mine = current.get();
        if (mine == null || repository.latestVersion() <= mine.version()) {
            return;
        }
        repository.loadLatest().ifPresent(newer -> {
            current.set(newer);
            LOG.info("Configuration version " + newer.version() + " picked up from the database");
        });
    }

    /** The newest versions first. */
    public List<ConfigVersion> history(int limit) {
        return repository.versions(limit);
    }

    /** A version's config document, pretty-printed, or empty when there is none. */
    public Optional<String> document(long version) {
        return repository.snapshot(version);
    }

    /** Puts an earlier version back in force, as a new version (the history keeps everything). */
    public RuntimeConfig rollback(long version, String author) {
        String snapshot = repository.snapshot(version).orElseThrow(() ->
                new IllegalArgumentException("There is no configuration version " + version + "."));
        return replace(ConfigDocument.read(snapshot), author, "rollback to version " + version);
    }

    /** This instance is alive and runs the version in force here. */
    public void heartbeat(String instanceId, Instant startedAt, Instant now) {
        RuntimeConfig mine = current.get();
        if (mine != null) {
            repository.heartbeat(new InstanceHeartbeat(instanceId, mine.version(), startedAt, now));
        }
    }

    public List<InstanceHeartbeat> instances() {
        return repository.instances();
    }
}
