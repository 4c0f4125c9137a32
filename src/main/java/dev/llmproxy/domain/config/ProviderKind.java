package dev.llmproxy.domain.config;

import java.util.Arrays;
import java.util.Optional;

/** How the proxy talks to a provider. */
public enum ProviderKind {
    /** Any OpenAI-compatible chat completions API (Ollama's /v1, vLLM, OpenAI itself...). */
    OPENAI("openai"),
    /** OpenRouter: OpenAI's format, with its attribution headers, its error shapes and its in-band stream errors. */
    OPENROUTER("openrouter"),
    /** Google's Generative Language API in its own format ({@code generateContent}), translated both ways. */
    GEMINI("gemini"),
    /** Anthropic's Messages API in its own format, translated both ways. */
    ANTHROPIC("anthropic"),
    /** Azure OpenAI: OpenAI's format at a deployment's (or the v1 API's) address, with Azure's key and filter. */
    AZURE_OPENAI("azure-openai"),
    /** In-process simulated models for demos and drills. */
    SIM("sim");

    private final String id;

    ProviderKind(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }

    /** Every kind's id, in the order declared, for messages: "openai, openrouter, gemini, anthropic, azure-openai, sim". */
    public static String ids() {
        return String.join(", ", Arrays.stream(values()).map(ProviderKind::id).toList());
    }

    public static Optional<ProviderKind> fromId(String id) {
        return Arrays.stream(values()).filter(k -> k.id.equals(id)).findFirst();
    }
}
