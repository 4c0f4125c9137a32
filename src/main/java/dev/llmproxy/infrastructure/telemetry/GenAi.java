package dev.llmproxy.infrastructure.telemetry;

import io.opentelemetry.api.common.AttributeKey;

import java.util.List;
import java.util.Map;

/**
 * The attribute names spans carry: OpenTelemetry's GenAI and HTTP semantic conventions where they say it, the
 * proxy's own ({@code llm_proxy.*}) for what only a gateway knows (tiers, fallbacks, outcomes, costs).
 */
final class GenAi {

    static final AttributeKey<String> OPERATION = AttributeKey.stringKey("gen_ai.operation.name");
    static final AttributeKey<String> PROVIDER = AttributeKey.stringKey("gen_ai.provider.name");
    static final AttributeKey<String> REQUEST_MODEL = AttributeKey.stringKey("gen_ai.request.model");
    static final AttributeKey<String> RESPONSE_MODEL = AttributeKey.stringKey("gen_ai.response.model");
    static final AttributeKey<Long> INPUT_TOKENS = AttributeKey.longKey("gen_ai.usage.input_tokens");
    static final AttributeKey<Long> OUTPUT_TOKENS = AttributeKey.longKey("gen_ai.usage.output_tokens");
    static final AttributeKey<List<String>> FINISH_REASONS =
            AttributeKey.stringArrayKey("gen_ai.response.finish_reasons");
    static final AttributeKey<Long> HTTP_STATUS = AttributeKey.longKey("http.response.status_code");
    static final AttributeKey<String> ERROR_TYPE = AttributeKey.stringKey("error.type");

    static final AttributeKey<String> REQUEST_ID = AttributeKey.stringKey("llm_proxy.request_id");
    static final AttributeKey<String> FRONT_DOOR = AttributeKey.stringKey("llm_proxy.front_door");
    static final AttributeKey<String> TIER = AttributeKey.stringKey("llm_proxy.tier");
    static final AttributeKey<String> OUTCOME = AttributeKey.stringKey("llm_proxy.outcome");
    static final AttributeKey<Boolean> FALLBACK = AttributeKey.booleanKey("llm_proxy.fallback");
    static final AttributeKey<Boolean> STREAM = AttributeKey.booleanKey("llm_proxy.stream");
    static final AttributeKey<Double> COST = AttributeKey.doubleKey("llm_proxy.cost_usd");
    static final AttributeKey<String> MODEL = AttributeKey.stringKey("llm_proxy.model");
    static final AttributeKey<String> PROVIDER_NAME = AttributeKey.stringKey("llm_proxy.provider");
    static final AttributeKey<Long> ATTEMPT_INDEX = AttributeKey.longKey("llm_proxy.attempt.index");
    static final AttributeKey<String> ATTEMPT_ROLE = AttributeKey.stringKey("llm_proxy.attempt.role");
    static final AttributeKey<String> REASON = AttributeKey.stringKey("llm_proxy.reason");
    static final AttributeKey<Long> LATENCY_MS = AttributeKey.longKey("llm_proxy.latency_ms");

    /** The conventions' names of the providers, by the proxy's provider kinds. */
    private static final Map<String, String> PROVIDERS = Map.of("openai", "openai", "openrouter", "openrouter",
            "gemini", "gcp.gemini", "anthropic", "anthropic", "azure-openai", "azure.ai.openai",
            "vertex", "gcp.vertex_ai", "bedrock", "aws.bedrock", "sim", "llm_proxy.simulated");

    private GenAi() {
    }

    static String provider(String kind) {
        return PROVIDERS.getOrDefault(kind, kind);
    }
}
