package dev.llmproxy.domain.config;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Durable store of the runtime configuration and its version history. */
public interface ConfigRepository {

    /** The newest stored configuration, with its version; empty when nothing was stored yet. */
    Optional<RuntimeConfig> loadLatest();

    /** The newest version number, 0 when nothing was stored yet. Cheap: polled by every instance. */
    long latestVersion();

    /**
     * Replaces the stored configuration in one transaction and records a new version with the snapshot.
     *
     * @return the configuration carrying its new version number
     */
    RuntimeConfig replace(RuntimeConfig config, String author, String summary, String snapshot);

    /** When each tier and model of the stored configuration entered it, by name. */
    Map<String, Instant> enteredAt();

    /** The newest versions first. */
    List<ConfigVersion> versions(int limit);

    /** A stored version's document (the config document format), or empty when there is no such version. */
    Optional<String> snapshot(long version);

    /** Records that an instance is alive and which configuration version it runs. */
    void heartbeat(InstanceHeartbeat heartbeat);

    /** Every instance that ever reported, most recently seen first. */
    List<InstanceHeartbeat> instances();
}
