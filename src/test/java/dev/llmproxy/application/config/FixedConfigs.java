package dev.llmproxy.application.config;

import dev.llmproxy.domain.config.ConfigRepository;
import dev.llmproxy.domain.config.ConfigVersion;
import dev.llmproxy.domain.config.InstanceHeartbeat;
import dev.llmproxy.domain.config.RuntimeConfig;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A configuration service holding one configuration, for unit tests of what reads it. */
public final class FixedConfigs {

    private FixedConfigs() {
    }

    public static ConfigService holding(RuntimeConfig config) {
        ConfigService service = new ConfigService(new ConfigRepository() {
            @Override public Optional<RuntimeConfig> loadLatest() { return Optional.of(config); }
            @Override public long latestVersion() { return config.version(); }
            @Override public RuntimeConfig replace(RuntimeConfig c, String author, String summary, String snapshot) {
                throw new UnsupportedOperationException("a fixed configuration");
            }
            @Override public Map<String, Instant> enteredAt() { return Map.of(); }
            @Override public List<ConfigVersion> versions(int limit) { return List.of(); }
            @Override public Optional<String> snapshot(long version) { return Optional.empty(); }
            @Override public void heartbeat(InstanceHeartbeat heartbeat) { }
            @Override public List<InstanceHeartbeat> instances() { return List.of(); }
        }, null);
        service.initialise(() -> config);
        return service;
    }
}
