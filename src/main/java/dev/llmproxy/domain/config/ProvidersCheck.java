package dev.llmproxy.domain.config;

import dev.llmproxy.domain.catalog.Provider;
import dev.llmproxy.domain.catalog.ProviderKind;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/** The providers of a configuration: unique valid names, a base URL where the kind needs one, secrets by name. */
final class ProvidersCheck {

    /** A Vertex AI base: an API version, then the project and the location every model path hangs from. */
    private static final Pattern VERTEX_PATH = Pattern.compile("/v1(beta1)?/projects/[^/]+/locations/[^/]+/?");

    private ProvidersCheck() {
    }

    /** @return the providers by name (the first of a duplicate) */
    static Map<String, Provider> check(List<Provider> providers, List<Problem> problems) {
        Map<String, Provider> byName = new LinkedHashMap<>();
        for (int i = 0; i < providers.size(); i++) {
            Provider p = providers.get(i);
            String at = "providers[" + i + "]";
            ConfigNames.check(problems, at + ".name", p.name());
            if (byName.putIfAbsent(p.name(), p) != null) {
                problems.add(new Problem(at + ".name", "duplicate provider '" + p.name() + "'"));
            }
            if (p.kind() != ProviderKind.SIM) {
                if (p.baseUrl() == null) {
                    problems.add(new Problem(at + ".baseUrl", "required for kind '" + p.kind().id() + "'"));
                } else if (!isHttpUrl(p.baseUrl())) {
                    problems.add(new Problem(at + ".baseUrl", "must be an absolute http(s) URL (was '" + p.baseUrl() + "')"));
                } else if (p.kind() == ProviderKind.AZURE_OPENAI && !azureBase(p.baseUrl())) {
                    problems.add(new Problem(at + ".baseUrl", "must be the resource's /openai with an api-version "
                            + "(https://my-resource.openai.azure.com/openai?api-version=2024-10-21) or its v1 API "
                            + "(https://my-resource.openai.azure.com/openai/v1) (was '" + p.baseUrl() + "')"));
                } else if (p.kind() == ProviderKind.VERTEX && !VERTEX_PATH.matcher(p.baseUrl().getRawPath()).matches()) {
                    problems.add(new Problem(at + ".baseUrl", "must name the project and location, as in "
                            + "https://us-east5-aiplatform.googleapis.com/v1/projects/my-project/locations/us-east5 "
                            + "(was '" + p.baseUrl() + "')"));
                } else if (p.kind() == ProviderKind.BEDROCK && awsButNotRuntime(p.baseUrl())) {
                    problems.add(new Problem(at + ".baseUrl", "must be the region's Bedrock runtime endpoint, as in "
                            + "https://bedrock-runtime.us-east-1.amazonaws.com (was '" + p.baseUrl() + "')"));
                }
            }
            SecretNames.check(p, at + ".apiKeySecret", problems);
        }
        return byName;
    }

    /** A deployment address needs the API version in the query; the v1 API needs none. */
    private static boolean azureBase(URI uri) {
        String path = uri.getRawPath() == null ? "" : uri.getRawPath().replaceAll("/+$", "");
        String query = uri.getRawQuery() == null ? "" : uri.getRawQuery();
        return path.endsWith("/openai/v1") || (path.endsWith("/openai") && query.matches("(.*&)?api-version=[^&]+.*"));
    }

    /** An AWS host other than Bedrock's runtime (its control plane, {@code bedrock.}, answers no chat). */
    private static boolean awsButNotRuntime(URI uri) {
        String host = uri.getHost().toLowerCase(java.util.Locale.ROOT);
        return (host.endsWith(".amazonaws.com") || host.endsWith(".amazonaws.com.cn"))
                && !host.matches("(.*\\.)?bedrock-runtime(-fips)?\\.[a-z0-9-]+\\.(vpce\\.)?amazonaws\\.com(\\.cn)?");
    }

    private static boolean isHttpUrl(URI uri) {
        return ("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) && uri.getHost() != null;
    }
}
