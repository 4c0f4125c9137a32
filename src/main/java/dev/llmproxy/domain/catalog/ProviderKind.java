package dev.llmproxy.domain.catalog;

import java.util.Arrays;
import java.util.Optional;

/** How the proxy talks to a provider. */
public enum ProviderKind {
    /** Any OpenAI-compatible chat completions API (Ollama's /v1, vLLM, OpenAI itself...). */
    OPENAI("openai", true),
    /** OpenRouter: OpenAI's format, with its attribution headers, its error shapes and its in-band stream errors. */
    OPENROUTER("openrouter", true),
    /** Google's Generative Language API in its own format ({@code generateContent}), translated both ways. */
    GEMINI("gemini", true),
    /** Anthropic's Messages API in its own format, translated both ways. */
    ANTHROPIC("anthropic", false),
    /** Azure OpenAI: OpenAI's format at a deployment's (or the v1 API's) address, with Azure's key and filter. */
    AZURE_OPENAI("azure-openai", true),
    /** Google Cloud's Vertex AI: Gemini and Claude under a project's location, with Google access tokens. */
    VERTEX("vertex", false),
    /** AWS Bedrock's Converse API: Claude and other models in an AWS region, with an IAM identity or a Bedrock key. */
    BEDROCK("bedrock", false),
    /** In-process simulated models for demos and drills. */
    SIM("sim", true);

    private final String id;
    private final boolean embeds;

    ProviderKind(String id, boolean embeds) {
        this.id = id;
        this.embeds = embeds;
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
