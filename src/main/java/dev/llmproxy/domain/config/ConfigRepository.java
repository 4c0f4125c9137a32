package dev.llmproxy.domain.config;

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
}
