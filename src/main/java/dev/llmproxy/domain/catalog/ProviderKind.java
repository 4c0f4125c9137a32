package dev.llmproxy.domain.catalog;

import java.util.Arrays;
import java.util.Optional;

/** How the proxy talks to a provider. */
public enum ProviderKind {
    /** Any OpenAI-compatible chat completions API (Ollama's /v1, vLLM, OpenAI itself...). */
    OPENAI("openai", true, "any OpenAI-compatible API", "before /chat/completions, e.g. https://api.openai.com/v1",
            null),
    /** OpenRouter: OpenAI's format, with its attribution headers, its error shapes and its in-band stream errors. */
    OPENROUTER("openrouter", true, "OpenRouter: OpenAI's format, its errors and headers",
            "before /chat/completions, e.g. https://openrouter.ai/api/v1", null),
    /** Google's Generative Language API in its own format ({@code generateContent}), translated both ways. */
    GEMINI("gemini", true, "Google's Generative Language API, translated",
            "before /models, e.g. https://generativelanguage.googleapis.com/v1beta", null),
    /** Anthropic's Messages API in its own format, translated both ways. */
    ANTHROPIC("anthropic", false, "Anthropic's Messages API, translated",
            "before /messages, e.g. https://api.anthropic.com/v1", null),
    /** Azure OpenAI: OpenAI's format at a deployment's (or the v1 API's) address, with Azure's key and filter. */
    AZURE_OPENAI("azure-openai", true, "Azure OpenAI deployments, API key or Entra ID",
            "https://{resource}.openai.azure.com/openai?api-version=2024-10-21, or .../openai/v1",
            "a key, or an Entra ID app registration as JSON"),
    /** Google Cloud's Vertex AI: Gemini and Claude under a project's location, with Google access tokens. */
    VERTEX("vertex", false, "Gemini and Claude on Google Cloud's Vertex AI, service-account key",
            "the project's location, e.g. "
                    + "https://us-east5-aiplatform.googleapis.com/v1/projects/{project}/locations/us-east5",
            "the service-account key file's path or the key itself, "
                    + "or machine-identity for the machine's own credentials"),
    /** AWS Bedrock's Converse API: Claude and other models in an AWS region, with an IAM identity or a Bedrock key. */
    BEDROCK("bedrock", false, "Claude and other models on AWS Bedrock, IAM identity or Bedrock API key",
            "the region's runtime endpoint, e.g. https://bedrock-runtime.us-east-1.amazonaws.com",
            "a Bedrock API key, an IAM access key as JSON, or machine-identity for the machine's AWS credentials"),
    /** In-process simulated models for demos and drills. */
    SIM("sim", true, "built-in simulated models", null, null);

    private final String id;
    private final boolean embeds;
    private final String summary;
    private final String baseUrlHint;
    private final String secretHint;

    ProviderKind(String id, boolean embeds, String summary, String baseUrlHint, String secretHint) {
        this.id = id;
        this.embeds = embeds;
        this.summary = summary;
        this.baseUrlHint = baseUrlHint;
        this.secretHint = secretHint;
    }

    /** What the kind is, in a few words, for an operator choosing one. */
    public String summary() {
        return summary;
    }

    /** What its base URL looks like, or null when it takes none. */
    public String baseUrlHint() {
        return baseUrlHint;
    }

    /** What its secret may hold beyond a plain API key, or null when only that. */
    public String secretHint() {
        return secretHint;
    }

    /** Whether the proxy asks this kind of provider for embeddings (an embedding model may live there). */
    public boolean embeds() {
        return embeds;
    }

    public String id() {
        return id;
    }

    /** Every kind's id, in the order declared, for messages: "openai, openrouter, gemini, anthropic, azure-openai, vertex, bedrock, sim". */
    public static String ids() {
        return String.join(", ", Arrays.stream(values()).map(ProviderKind::id).toList());
    }

    public static Optional<ProviderKind> fromId(String id) {
        return Arrays.stream(values()).filter(k -> k.id.equals(id)).findFirst();
    }
}
