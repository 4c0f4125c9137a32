package dev.llmproxy.domain.config;

import java.util.Arrays;
import java.util.Optional;

/** How the proxy talks to a provider. */
public enum ProviderKind {
    /** Any OpenAI-compatible chat completions API (OpenRouter, Gemini's OpenAI endpoint, Ollama's /v1, vLLM...). */
    OPENAI("openai"),
    /** In-process simulated models for demos and drills. */
    SIM("sim");

    private final String id;

    ProviderKind(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }

    public static Optional<ProviderKind> fromId(String id) {
        return Arrays.stream(values()).filter(k -> k.id.equals(id)).findFirst();
    }
}
