package dev.llmproxy.infrastructure.upstream.anthropic;

import dev.llmproxy.domain.upstream.Sampling;
import jakarta.json.JsonObjectBuilder;

/**
 * The sampling options a Claude model takes without thinking, by its version: Claude Opus 4.1 and every later model
 * refuse {@code temperature} together with {@code top_p} ("cannot both be specified for this model"), so such a model
 * gets the temperature alone; 4.7 and later refuse both ("deprecated for this model") and get none of the three. A
 * name that says no version gets one of them, which every Claude takes. Anthropic's temperature stops at 1, where
 * OpenAI's goes to 2. {@code top_k}, which chat completions do not have, comes from a caller that asked it (through
 * the Messages API, or an extra of a chat request).
 */
final class ClaudeSampling {

    /** Opus 4.1: the first to take one of temperature and top_p only. */
    static final int ONE_OF_THEM = 401;
    /** Opus 4.7: the first to take neither. */
    static final int NEITHER = 407;

    private ClaudeSampling() {
    }

    static void add(Sampling sampling, String upstreamModel, JsonObjectBuilder out) {
        int version = ClaudeVersion.of(upstreamModel);
        if (version >= NEITHER) {
            return;
        }
        Double temperature = sampling.temperature();
        if (temperature != null) {
            out.add("temperature", Math.min(1.0, Math.max(0.0, temperature)));
        }
        boolean oneOfThem = version == ClaudeVersion.UNKNOWN || version >= ONE_OF_THEM;
        if (sampling.topP() != null && !(temperature != null && oneOfThem)) {
            out.add("top_p", sampling.topP());
        }
        if (sampling.topK() != null) {
            out.add("top_k", sampling.topK());
        }
    }
}
