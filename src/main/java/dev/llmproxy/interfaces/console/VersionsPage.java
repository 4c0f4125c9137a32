package dev.llmproxy.interfaces.console;

import dev.llmproxy.application.config.ConfigService;
import dev.llmproxy.domain.config.ConfigValidationException;
import dev.llmproxy.domain.config.ConfigVersion;
import dev.llmproxy.domain.config.InstanceHeartbeat;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Configuration versions: who changed what and when, a diff between any two, rollback (itself a new version), and
 * the instances with the version each runs, so an admin knows a change is live everywhere.
 */
@ApplicationScoped
public class VersionsPage {

    private static final int HISTORY = 200;
    /** Heartbeats come every 2 s: an instance silent for longer than this is shown as gone. */
    private static final Duration LIVE = Duration.ofSeconds(15);

    private final ConfigService configs;
    private final Clock clock;

    @Inject
    VersionsPage(ConfigService configs, Clock clock) {
        this.configs = configs;
        this.clock = clock;
    }

    /** For the container's client proxy. */
    protected VersionsPage() {
        this(null, null);
    }

    public record Instance(String id, long version, String lastSeen, boolean live, boolean current) {
    }

    void list(ConsoleRequest r) throws IOException {
        List<ConfigVersion> versions = configs.history(HISTORY);
        long current = configs.current().version();
        Instant now = clock.instant();
        List<Instance> instances = configs.instances().stream().map(h -> instance(h, now, current)).toList();
        long lagging = instances.stream().filter(i -> i.live() && !i.current()).count();
        Map<String, Object> model = new HashMap<>();
        model.put("versions", versions);
        model.put("current", current);
        model.put("instances", instances);
        model.put("lagging", lagging);
        r.render("versions", "versions", model);
    }

    void diff(ConsoleRequest r) throws IOException {
        long from;
        long to;
        try {
            from = Long.parseLong(r.param("from"));
            to = Long.parseLong(r.param("to"));
        } catch (NumberFormatException | NullPointerException e) {
            r.error(400, "Choose two versions", "Pick the two versions to compare.");
            return;
        }
        String before = configs.document(from).orElse(null);
        String after = configs.document(to).orElse(null);
        if (before == null || after == null) {
            r.error(404, "Not found", "One of these versions does not exist.");
            return;
        }
        r.render("diff", "versions", Map.of("from", from, "to", to,
                "lines", LineDiff.of(withoutVersion(before), withoutVersion(after))));
    }

    void rollback(ConsoleRequest r, String versionText) throws IOException {
        long version;
        try {
            version = Long.parseLong(versionText);
        } catch (NumberFormatException e) {
            r.error(404, "Not found", "No such version.");
            return;
        }
        try {
            configs.rollback(version, r.user());
        } catch (IllegalArgumentException | ConfigValidationException e) {
            r.error(400, "Not rolled back", e.getMessage());
            return;
        }
        r.redirect("/versions");
    }

    /** A stored document names the version it replaced; that line differs between any two and says nothing. */
    static String withoutVersion(String document) {
        return document.replaceFirst("(?m)^\\s*\"version\"\\s*:\\s*\\d+,\\s*\\n", "");
    }

    private static Instance instance(InstanceHeartbeat h, Instant now, long current) {
        long seconds = Math.max(0, Duration.between(h.lastSeen(), now).toSeconds());
        return new Instance(h.instanceId(), h.configVersion(), seconds + " s ago",
                Duration.between(h.lastSeen(), now).compareTo(LIVE) <= 0, h.configVersion() == current);
    }
}
