package dev.llmproxy.application.proxy;

import dev.llmproxy.domain.failure.ErrorKind;
import dev.llmproxy.domain.failure.ProxyError;
import dev.llmproxy.domain.failure.ProxyException;
import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The top-level fields of a caller's request that may reach a provider as the caller sent them. What goes upstream
 * must be what the proxy decided: which model answers, at which price, and where the conversation is kept. So a
 * field that would decide one of those for the provider (OpenRouter's {@code models} and {@code provider}, a paid
 * {@code service_tier}, Azure's {@code data_sources}, several choices at once...) is refused, unless it carries the
 * one value that changes nothing; and a field the proxy does not know is refused too, as OpenAI itself refuses one.
 * The door answers 400 naming the field before anything is spent.
 */
public final class ForwardedFields {

    /** OpenAI's chat completions, with the sampling extras of OpenAI-compatible servers and OpenRouter's reasoning. */
    public static final ForwardedFields CHAT = new ForwardedFields("chat completions", Set.of(
            "model", "messages", "stream", "stream_options", "temperature", "top_p", "max_tokens",
            "max_completion_tokens", "stop", "presence_penalty", "frequency_penalty", "logit_bias", "logprobs",
            "top_logprobs", "seed", "response_format", "tools", "tool_choice", "parallel_tool_calls", "functions",
            "function_call", "user", "safety_identifier", "prompt_cache_key", "reasoning_effort", "verbosity",
            "prediction", "metadata", "top_k", "min_p", "repetition_penalty", "reasoning"),
            Map.of(
                    "n", new Only(v -> v instanceof JsonNumber n && n.isIntegral() && n.longValue() == 1,
                            "'n' may only be 1: the proxy answers one choice per request, and every choice is billed."
                                    + " Send several requests instead."),
                    "service_tier", new Only(v -> v instanceof JsonString s
                            && (s.getString().equals("auto") || s.getString().equals("default")),
                            "'service_tier' may only be auto or default: another tier changes the price the proxy"
                                    + " budgets with."),
                    "store", new Only(v -> v == JsonValue.FALSE,
                            "'store' may only be false: whether a provider keeps conversations is the operator's"
                                    + " decision, not a caller's."),
                    "modalities", new Only(v -> v instanceof JsonArray a && a.size() == 1
                            && a.get(0) instanceof JsonString s && s.getString().equals("text"),
                            "'modalities' may only be [\"text\"]: audio answers are billed at rates the proxy does"
                                    + " not price.")),
            Map.of(
                    "models", "the proxy alone decides which model answers (a tier's chain)",
                    "route", "the proxy alone decides which model answers (a tier's chain)",
                    "provider", "the proxy alone decides which provider answers",
                    "transforms", "the proxy sends the conversation as the caller wrote it",
                    "plugins", "plugins are billed per call, at prices the proxy does not know",
                    "web_search_options", "web searches are billed per call, at prices the proxy does not know",
                    "audio", "audio answers are billed at rates the proxy does not price",
                    "data_sources", "a provider's own data sources are the operator's to connect, not a caller's"));

    /** OpenAI's embeddings. */
    public static final ForwardedFields EMBEDDINGS = new ForwardedFields("embeddings",
            Set.of("model", "input", "encoding_format", "dimensions", "user", "stream"), Map.of(), Map.of());

    /** A field allowed only with a value that changes nothing; {@code null} counts as absent. */
    private record Only(Predicate<JsonValue> harmless, String message) {
    }

    private final String api;
    private final Set<String> forwarded;
    private final Map<String, Only> restricted;
    private final Map<String, String> refused;

    private ForwardedFields(String api, Set<String> forwarded, Map<String, Only> restricted,
                            Map<String, String> refused) {
        this.api = api;
        this.forwarded = forwarded;
        this.restricted = restricted;
        this.refused = refused;
    }

    /**
     * Checks every top-level field of a caller's request.
     *
     * @throws ProxyException a 400 naming the first field that may not go upstream as sent
     */
    public void check(JsonObject body) {
        for (Map.Entry<String, JsonValue> field : body.entrySet()) {
            String name = field.getKey();
            if (forwarded.contains(name)) {
                continue;
            }
            Only only = restricted.get(name);
            if (only != null) {
                JsonValue value = field.getValue();
                if (value.getValueType() != JsonValue.ValueType.NULL && !only.harmless().test(value)) {
                    throw bad(name, only.message());
                }
                continue;
            }
            String why = refused.get(name);
            String shown = name.length() <= 64 ? name : name.substring(0, 64) + "...";
            throw bad(shown, why != null ? "'" + shown + "' is not accepted: " + why + "."
                    : "'" + shown + "' is not a " + api + " field this proxy forwards.");
        }
    }

    private static ProxyException bad(String param, String message) {
        return new ProxyException(new ProxyError(ErrorKind.BAD_REQUEST, message, param, null));
    }
}
