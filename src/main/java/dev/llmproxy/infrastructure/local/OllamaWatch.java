package dev.llmproxy.infrastructure.local;

import dev.llmproxy.application.access.AccessMode;
import dev.llmproxy.application.local.LocalModels;
import dev.llmproxy.infrastructure.chores.Chore;
import dev.llmproxy.infrastructure.chores.Chores;
import dev.llmproxy.infrastructure.variables.Variables;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.Config;

import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.Set;
import java.util.logging.Logger;

import static dev.llmproxy.application.config.DeploymentVariable.*;

/**
 * Watches the local Ollama in development: checked at start and then every {@code PROXY_OLLAMA_CHECK_SECONDS}
 * (30 by default) at {@code PROXY_OLLAMA_URL} (default {@code http://127.0.0.1:11434}), each check bounded by two
 * seconds. Production never checks and never routes to a stand-in. A change of state is logged once.
 */
@ApplicationScoped
public class OllamaWatch implements LocalModels {

    private static final Logger LOG = Logger.getLogger(OllamaWatch.class.getName());
    private static final Duration TIMEOUT = Duration.ofSeconds(2);

    private final Config config;
    private final AccessMode access;
    private final Clock clock;
    private final Chores chores;

    private volatile Status status = new Status(false, null, false, null, Set.of(), null);
    private OllamaProbe probe;
    private Chore job = Chore.NONE;

    @Inject
    OllamaWatch(Config config, AccessMode access, Clock clock, Chores chores) {
        this.config = config;
        this.access = access;
        this.clock = clock;
        this.chores = chores;
    }

    /** For the container's client proxy. */
    protected OllamaWatch() {
        this(null, null, null, null);
    }

    /** Starts watching (development only); called once the application is up. */
    public void start() {
        String url = Variables.text(config, PROXY_OLLAMA_URL).orElse("http://127.0.0.1:11434");
        if (access.production()) {
            status = new Status(false, url, false, null, Set.of(), null);
            return;
        }
        long every = Math.max(1, Variables.number(config, PROXY_OLLAMA_CHECK_SECONDS).orElse(30L));
        status = new Status(true, url, false, null, Set.of(), null);
        probe = new OllamaProbe(URI.create(url), TIMEOUT);
        job = chores.every(Duration.ZERO, Duration.ofSeconds(every), "look for a local Ollama", this::check);
    }

    private void check() {
        try {
            OllamaProbe.Found found = probe.check();
            Status before = status;
            status = new Status(true, before.url(), found.up(), found.version(), found.models(), clock.instant());
            if (found.up() != before.up() || before.checkedAt() == null) {
                LOG.info(found.up() ? "Local models: Ollama " + found.version() + " answers at " + before.url()
                        + "; requests for models with a local stand-in go to the stand-in"
                        : "Local models: no Ollama at " + before.url() + "; requests go to the models themselves");
            }
        } catch (RuntimeException e) {
            LOG.warning("Local models: the check failed: " + e);
        }
    }

    @Override
    public Status status() {
        return status;
    }

    @PreDestroy
    void stop() {
        job.stopNow();
    }
}
