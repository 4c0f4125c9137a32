package dev.llmproxy.infrastructure.upstream.azure;

import static dev.llmproxy.application.config.DeploymentVariable.*;

import dev.llmproxy.application.config.Deployed;
import dev.llmproxy.application.config.FirstStart;
import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.catalog.Provider;
import dev.llmproxy.domain.catalog.ProviderKind;
import dev.llmproxy.domain.config.Tier;
import dev.llmproxy.infrastructure.upstream.Credentials;
import dev.llmproxy.infrastructure.upstream.ProviderPorts;
import dev.llmproxy.infrastructure.upstream.UpstreamParts;
import dev.llmproxy.infrastructure.upstream.openai.OpenAiEmbeddingWire;
import dev.llmproxy.infrastructure.upstream.openai.OpenAiWire;

import java.net.URI;
import java.util.List;
import java.util.Optional;
import java.util.logging.Logger;

/**
 * The {@code azure-openai} kind: Azure OpenAI's deployments ({@link AzureVariant}), for chat and vectors, with a key or
 * an Entra ID token (one token cache for both operations).
 */
public final class AzureKind {

    private static final Logger LOG = Logger.getLogger(AzureKind.class.getName());

    private AzureKind() {
    }

    public static ProviderPorts ports(UpstreamParts parts) {
        Credentials credentials = AzureCredentials.of(parts.secrets(), parts.workers(), parts.clock(),
                parts.socketFactory());
        AzureVariant azure = new AzureVariant();
        return new ProviderPorts(parts.http(new OpenAiWire(azure), credentials),
                parts.http(new OpenAiEmbeddingWire(azure), credentials));
    }

    /**
     * With {@code AZURE_OPENAI_ENDPOINT}, {@code AZURE_OPENAI_DEPLOYMENT} and a credential, at first start: the
     * deployment through the resource's v1 API (the deployment is the body's model: no API version to keep current),
     * in a paid tier of its own. The credential is its key, or else the app registration Azure's own libraries sign
     * in with ({@code AZURE_TENANT_ID}, {@code AZURE_CLIENT_ID}, {@code AZURE_CLIENT_SECRET}).
     */
    public static FirstStart.Added firstStart(Deployed deployed) {
        Optional<String> endpoint = deployed.value(AZURE_OPENAI_ENDPOINT);
        Optional<String> deployment = deployed.value(AZURE_OPENAI_DEPLOYMENT);
        String secret = deployed.has(AZURE_OPENAI_API_KEY) ? AZURE_OPENAI_API_KEY.name()
                : deployed.has(AZURE_TENANT_ID) && deployed.has(AZURE_CLIENT_ID) && deployed.has(AZURE_CLIENT_SECRET)
                ? AZURE_CLIENT_SECRET.name() : null;
        if (secret == null || endpoint.isEmpty()) {
            return FirstStart.Added.NOTHING;
        }
        if (deployment.isEmpty()) {
            LOG.warning("Azure OpenAI credentials and AZURE_OPENAI_ENDPOINT are set but AZURE_OPENAI_DEPLOYMENT is "
                    + "not: no Azure OpenAI provider is added; add it in the console with its deployments");
            return FirstStart.Added.NOTHING;
        }
        String name = "azure-" + deployment.get();
        return FirstStart.Added.paid(new Provider("azure-openai", ProviderKind.AZURE_OPENAI,
                        URI.create(endpoint.get().replaceAll("/+$", "") + "/openai/v1"), secret),
                List.of(new AllowedModel(name, "azure-openai", deployment.get(), null, true, false, null, null, false,
                        null, null, null, null, null, null)),
                new Tier("azure", "Azure OpenAI deployment " + deployment.get() + " (paid; set its prices)",
                        List.of(name)));
    }
}
