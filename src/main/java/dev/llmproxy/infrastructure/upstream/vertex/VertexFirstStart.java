package dev.llmproxy.infrastructure.upstream.vertex;

import static dev.llmproxy.application.config.DeploymentVariable.GOOGLE_APPLICATION_CREDENTIALS;
import static dev.llmproxy.application.config.DeploymentVariable.GOOGLE_CLOUD_LOCATION;
import static dev.llmproxy.application.config.DeploymentVariable.GOOGLE_CLOUD_PROJECT;

import dev.llmproxy.application.config.Deployed;
import dev.llmproxy.application.config.FirstStart;
import dev.llmproxy.application.config.FirstStartModels;
import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.domain.catalog.Provider;
import dev.llmproxy.domain.catalog.ProviderKind;
import dev.llmproxy.domain.config.Tier;
import jakarta.json.JsonObject;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.logging.Logger;

/**
 * With {@code GOOGLE_APPLICATION_CREDENTIALS}, at first start: Gemini and Claude through Vertex AI in a paid tier of
 * their own, in {@code GOOGLE_CLOUD_PROJECT} (else the key's own project) and {@code GOOGLE_CLOUD_LOCATION} (else the
 * global location).
 */
final class VertexFirstStart {

    private static final Logger LOG = Logger.getLogger(VertexFirstStart.class.getName());

    private VertexFirstStart() {
    }

    static FirstStart.Added added(Deployed deployed) {
        Optional<String> key = deployed.value(GOOGLE_APPLICATION_CREDENTIALS);
        if (key.isEmpty()) {
            return FirstStart.Added.NOTHING;
        }
        Optional<String> project = deployed.value(GOOGLE_CLOUD_PROJECT).or(() -> projectOf(key.get()));
        if (project.isEmpty()) {
            LOG.warning("GOOGLE_APPLICATION_CREDENTIALS is set but names no project (set GOOGLE_CLOUD_PROJECT): "
                    + "no Vertex AI provider is added");
            return FirstStart.Added.NOTHING;
        }
        String location = deployed.value(GOOGLE_CLOUD_LOCATION).orElse("global");
        URI base = URI.create(host(location) + "/v1/projects/" + project.get() + "/locations/" + location);
        return FirstStart.Added.paid(new Provider("vertex", ProviderKind.VERTEX, base,
                        GOOGLE_APPLICATION_CREDENTIALS.name()),
                List.of(FirstStartModels.priced("vertex-gemini-flash", "vertex", "gemini-2.5-flash", "gemini", "0.3",
                                "2.5", "0.03"),
                        FirstStartModels.priced("vertex-claude-sonnet", "vertex", "claude-sonnet-4-5@20250929",
                                "claude", "3", "15", "0.3")),
                new Tier("vertex", "Gemini and Claude through Vertex AI in project " + project.get() + " (paid)",
                        List.of("vertex-gemini-flash", "vertex-claude-sonnet")));
    }

    /** Vertex AI's host for a location: one global host, one per multi-region, one per region. */
    static String host(String location) {
        return switch (location) {
            case "global" -> "https://aiplatform.googleapis.com";
            case "us", "eu" -> "https://aiplatform." + location + ".rep.googleapis.com";
            default -> "https://" + location + "-aiplatform.googleapis.com";
        };
    }

    /** The project a service-account key file belongs to ({@code project_id}); empty when it cannot be read. */
    private static Optional<String> projectOf(String keyFile) {
        try {
            Object key = JsonCodec.read(Files.readAllBytes(Path.of(keyFile)));
            return key instanceof JsonObject o ? Optional.ofNullable(o.getString("project_id", null))
                    : Optional.empty();
        } catch (IOException | RuntimeException unreadable) {
            LOG.warning("GOOGLE_APPLICATION_CREDENTIALS: cannot read the key file's project ("
                    + unreadable.getClass().getSimpleName() + ")");
            return Optional.empty();
        }
    }
}
