package dev.llmproxy.application.config;

import static dev.llmproxy.application.config.DeploymentVariable.*;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.catalog.Provider;
import dev.llmproxy.domain.catalog.ProviderKind;
import dev.llmproxy.domain.config.Tier;

import java.io.IOException;
import java.math.BigDecimal;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.logging.Logger;

/**
 * The paid providers a first start adds when their credentials are set: Anthropic ({@code ANTHROPIC_API_KEY}), Azure
 * OpenAI ({@code AZURE_OPENAI_ENDPOINT} and {@code AZURE_OPENAI_DEPLOYMENT}, with {@code AZURE_OPENAI_API_KEY} or an app
 * registration in Azure's own variables), Bedrock ({@code AWS_BEARER_TOKEN_BEDROCK}, a Bedrock API key, with
 * {@code AWS_REGION}) and Vertex AI
 * ({@code GOOGLE_APPLICATION_CREDENTIALS}, with {@code GOOGLE_CLOUD_PROJECT} and {@code GOOGLE_CLOUD_LOCATION} when
 * the key's own project or the global location will not do). Each gets a tier of its own, never a place in the free
 * tiers: money is spent only where an admin asks for it.
 */
final class CloudProviders {

    private static final Logger LOG = Logger.getLogger(CloudProviders.class.getName());

    private final Function<String, Optional<String>> env;
    final List<Provider> providers = new ArrayList<>();
    final List<AllowedModel> models = new ArrayList<>();
    final List<Tier> tiers = new ArrayList<>();

    CloudProviders(Function<String, Optional<String>> env) {
        this.env = env;
        anthropic();
        azure();
        bedrock();
        vertex();
    }

    private Optional<String> value(DeploymentVariable variable) {
        String key = variable.name();
        return env.apply(key).map(String::strip).filter(s -> !s.isEmpty());
    }

    private void anthropic() {
        if (value(ANTHROPIC_API_KEY).isEmpty()) {
            return;
        }
        providers.add(new Provider("anthropic", ProviderKind.ANTHROPIC, URI.create("https://api.anthropic.com/v1"),
                ANTHROPIC_API_KEY.name()));
        models.add(priced("claude-sonnet", "anthropic", "claude-sonnet-4-5", "claude", "3", "15", "0.3"));
        models.add(priced("claude-haiku", "anthropic", "claude-haiku-4-5", "claude", "1", "5", "0.1"));
        tiers.add(new Tier("claude", "Claude through Anthropic's own API (paid)", List.of("claude-sonnet",
                "claude-haiku")));
    }

    /**
     * The v1 API of the resource, where the deployment is the body's model: no API version to keep current. Its key,
     * or else the app registration Azure's own libraries sign in with ({@code AZURE_TENANT_ID},
     * {@code AZURE_CLIENT_ID}, {@code AZURE_CLIENT_SECRET}), exchanged for Entra ID tokens.
     */
    private void azure() {
        Optional<String> endpoint = value(AZURE_OPENAI_ENDPOINT);
        Optional<String> deployment = value(AZURE_OPENAI_DEPLOYMENT);
        String secret = value(AZURE_OPENAI_API_KEY).isPresent() ? AZURE_OPENAI_API_KEY.name()
                : value(AZURE_TENANT_ID).isPresent() && value(AZURE_CLIENT_ID).isPresent()
                && value(AZURE_CLIENT_SECRET).isPresent() ? AZURE_CLIENT_SECRET.name() : null;
        if (secret == null || endpoint.isEmpty()) {
            return;
        }
        if (deployment.isEmpty()) {
            LOG.warning("Azure OpenAI credentials and AZURE_OPENAI_ENDPOINT are set but AZURE_OPENAI_DEPLOYMENT is "
                    + "not: no Azure OpenAI provider is added; add it in the console with its deployments");
            return;
        }
        providers.add(new Provider("azure-openai", ProviderKind.AZURE_OPENAI,
                URI.create(endpoint.get().replaceAll("/+$", "") + "/openai/v1"), secret));
        models.add(new AllowedModel("azure-" + deployment.get(), "azure-openai", deployment.get(), null, true, false,
                null, null, false, null, null, null, null, null, null));
        tiers.add(new Tier("azure", "Azure OpenAI deployment " + deployment.get() + " (paid; set its prices)",
                List.of("azure-" + deployment.get())));
    }

    /**
     * A Bedrock API key: the one AWS credential that says it is meant for models. An IAM identity is not taken as a
     * wish to spend on Bedrock; an admin adds that provider in the console.
     */
    private void bedrock() {
        if (value(AWS_BEARER_TOKEN_BEDROCK).isEmpty()) {
            return;
        }
        String region = value(AWS_REGION).or(() -> value(AWS_DEFAULT_REGION)).orElse("us-east-1");
        providers.add(new Provider("bedrock", ProviderKind.BEDROCK,
                URI.create("https://bedrock-runtime." + region + ".amazonaws.com"), AWS_BEARER_TOKEN_BEDROCK.name()));
        models.add(priced("bedrock-claude-sonnet", "bedrock", geography(region)
                + "anthropic.claude-sonnet-4-5-20250929-v1:0", "claude", "3", "15", "0.3"));
        tiers.add(new Tier("bedrock", "Claude through Amazon Bedrock in " + region + " (paid)",
                List.of("bedrock-claude-sonnet")));
    }

    /** The prefix of Bedrock's cross-region inference profiles for the geography a region is in. */
    static String geography(String region) {
        if (region.startsWith("us-") || region.startsWith("ca-")) {
            return "us.";
        }
        if (region.startsWith("eu-")) {
            return "eu.";
        }
        return region.startsWith("ap-") ? "apac." : "global.";
    }

    private void vertex() {
        Optional<String> key = value(GOOGLE_APPLICATION_CREDENTIALS);
        if (key.isEmpty()) {
            return;
        }
        Optional<String> project = value(GOOGLE_CLOUD_PROJECT).or(() -> projectOf(key.get()));
        if (project.isEmpty()) {
            LOG.warning("GOOGLE_APPLICATION_CREDENTIALS is set but names no project (set GOOGLE_CLOUD_PROJECT): "
                    + "no Vertex AI provider is added");
            return;
        }
        String location = value(GOOGLE_CLOUD_LOCATION).orElse("global");
        providers.add(new Provider("vertex", ProviderKind.VERTEX, URI.create(host(location) + "/v1/projects/"
                + project.get() + "/locations/" + location), GOOGLE_APPLICATION_CREDENTIALS.name()));
        models.add(priced("vertex-gemini-flash", "vertex", "gemini-2.5-flash", "gemini", "0.3", "2.5", "0.03"));
        models.add(priced("vertex-claude-sonnet", "vertex", "claude-sonnet-4-5@20250929", "claude", "3", "15", "0.3"));
        tiers.add(new Tier("vertex", "Gemini and Claude through Vertex AI in project " + project.get() + " (paid)",
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
            return key instanceof jakarta.json.JsonObject o ? Optional.ofNullable(o.getString("project_id", null))
                    : Optional.empty();
        } catch (IOException | RuntimeException unreadable) {
            LOG.warning("GOOGLE_APPLICATION_CREDENTIALS: cannot read the key file's project ("
                    + unreadable.getClass().getSimpleName() + ")");
            return Optional.empty();
        }
    }

    /**
     * A paid model with its prices per million tokens (input, output, cached input); Claude's cache writes cost a
     * quarter more than its input (prompt caching itself stays off until an admin turns it on).
     */
    private static AllowedModel priced(String name, String provider, String upstream, String family, String in,
                                       String out, String cached) {
        boolean claude = "claude".equals(family);
        return new AllowedModel(name, provider, upstream, family, true, false, null, claude ? 200_000 : 1_048_576,
                claude, new BigDecimal(in), new BigDecimal(out), null, null, null, new BigDecimal(cached), null,
                claude ? new BigDecimal(in).multiply(new BigDecimal("1.25")) : null, false);
    }
}
