package dev.llmproxy.infrastructure.upstream.anthropic;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.regex.Pattern;

/**
 * Tool-call ids as Anthropic takes them ({@code ^[a-zA-Z0-9_-]+$}). A conversation may carry ids another provider
 * minted (Gemini's carry a thought signature in base64, with {@code + / =}); those are encoded reversibly, so the
 * same id maps to the same Anthropic id in the {@code tool_use} and its {@code tool_result}, and Anthropic's own ids
 * pass unchanged.
 */
final class AnthropicIds {

    private static final Pattern ALLOWED = Pattern.compile("[a-zA-Z0-9_-]{1,200}");
    private static final String ENCODED = "tid_";

    private AnthropicIds() {
    }

    static String toAnthropic(String id) {
        if (id != null && ALLOWED.matcher(id).matches() && !id.startsWith(ENCODED)) {
            return id;
        }
        String raw = id == null ? "" : id;
        return ENCODED + Base64.getUrlEncoder().withoutPadding().encodeToString(raw.getBytes(StandardCharsets.UTF_8));
    }

    /** The id a caller sent, for an id {@link #toAnthropic} made; Anthropic's own ids as they are. */
    static String fromAnthropic(String id) {
        if (id == null || !id.startsWith(ENCODED)) {
            return id;
        }
        try {
            return new String(Base64.getUrlDecoder().decode(id.substring(ENCODED.length())), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return id;
        }
    }
}
