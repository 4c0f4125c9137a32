package dev.llmproxy.infrastructure.upstream.openrouter;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.catalog.Provider;
import dev.llmproxy.domain.catalog.ProviderKind;
import dev.llmproxy.domain.config.Settings;
import dev.llmproxy.domain.upstream.UpstreamCall;
import dev.llmproxy.domain.upstream.UpstreamReply;
import dev.llmproxy.infrastructure.upstream.http.OutboundRequest;
import dev.llmproxy.infrastructure.upstream.openai.OpenAiEmbeddingWire;
import dev.llmproxy.infrastructure.upstream.openai.OpenAiWire;
import dev.llmproxy.infrastructure.upstream.http.ResponseHead;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** OpenRouter's own ways, as the outcome table sees them: its headers, its error shapes, its in-band errors. */
class OpenRouterWireTest {

    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-12-02T10:00:00Z"), ZoneOffset.UTC);
    private static final UpstreamCall CALL = new UpstreamCall("req-1",
            new Provider("or", ProviderKind.OPENROUTER, URI.create("https://openrouter.ai/api/v1"), "OR_KEY"),
            AllowedModel.of("free-router", "or", "openrouter/free"), "{}".getBytes(StandardCharsets.UTF_8),
            Duration.ofSeconds(5));

    private Settings settings = Settings.defaults();
    private final OpenRouterVariant openRouter = new OpenRouterVariant(() -> settings, CLOCK);
    private final OpenAiWire wire = new OpenAiWire(openRouter);

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void theAttributionHeadersComeFromTheSettingsWhenSet() {
        assertThat(wire.request(CALL, "k").headers()).extracting(OutboundRequest.Header::name)
                .containsExactly("Content-Type", "Accept", "Authorization");
        settings = settings.toBuilder().set("openRouterReferer", "https://chat.example.org")
                .set("openRouterTitle", "Example Chat").build();
        OutboundRequest r = wire.request(CALL, "k");
        assertThat(r.uri()).hasToString("https://openrouter.ai/api/v1/chat/completions");
        assertThat(r.headers()).contains(new OutboundRequest.Header("HTTP-Referer", "https://chat.example.org"),
                new OutboundRequest.Header("X-OpenRouter-Title", "Example Chat"));
    }

    @Test
    void aProviderErrorInsideA200IsTheErrorItNames() {
        UpstreamReply r = wire.answer(CALL, utf8("""
                {"error":{"message":"Provider returned error","code":429,"metadata":{"raw":"google/gemini-2.0-flash-exp:free is temporarily rate-limited upstream.","provider_name":"Google AI Studio"}}}"""));
        assertThat(((UpstreamReply.HttpError) r).status()).isEqualTo(429);
        UpstreamReply named = wire.answer(CALL, utf8("""
                {"error":{"code":"server_error","message":"Provider disconnected unexpectedly"}}"""));
        assertThat(((UpstreamReply.HttpError) named).status()).isEqualTo(500);
    }

    @Test
    void vectorsAreAskedTheSameWayAndAnErrorInsideA200IsAnErrorThereToo() {
        OpenAiEmbeddingWire embeddings = new OpenAiEmbeddingWire(openRouter);
        settings = settings.toBuilder().set("openRouterTitle", "Example Chat").build();
        OutboundRequest r = embeddings.request(CALL, "k");
        assertThat(r.uri()).hasToString("https://openrouter.ai/api/v1/embeddings");
        assertThat(r.headers()).contains(new OutboundRequest.Header("Authorization", "Bearer k"),
                new OutboundRequest.Header("X-OpenRouter-Title", "Example Chat"));
        UpstreamReply inBand = embeddings.answer(CALL, utf8("""
                {"error":{"message":"Provider returned error","code":429}}"""));
        assertThat(((UpstreamReply.HttpError) inBand).status()).isEqualTo(429);
    }

    @Test
    void aRouterAnswerNamesTheModelThatReallyAnswered() {
        UpstreamReply r = wire.answer(CALL, utf8("""
                {"id":"gen-1","object":"chat.completion","created":0,"model":"upstage/solar-pro-3:free",
                 "choices":[{"index":0,"message":{"role":"assistant","content":"hi"},"finish_reason":"stop"}]}"""));
        assertThat(((UpstreamReply.Completed) r).answeredModel()).isEqualTo("upstage/solar-pro-3:free");
    }

    @Test
    void theWaitComesFromTheHeaderElseFromTheBody() {
        byte[] capacity = utf8("""
                {"error":{"code":429,"message":"No capacity","availability":{"code":"capacity_exhausted","retryable":true,"retry_after":12.5}}}""");
        assertThat(wire.error(CALL, new ResponseHead(429, Map.of()), capacity, CLOCK).retryAfter())
                .isEqualTo(Duration.ofMillis(12_500));
        assertThat(wire.error(CALL, new ResponseHead(429, Map.of("retry-after", "3")), capacity, CLOCK).retryAfter())
                .isEqualTo(Duration.ofSeconds(3));
        long reset = Instant.parse("2026-12-03T00:00:00Z").toEpochMilli();
        byte[] daily = utf8("{\"error\":{\"message\":\"Rate limit exceeded: free-models-per-day.\",\"code\":429,"
                + "\"metadata\":{\"headers\":{\"X-RateLimit-Limit\":\"50\",\"X-RateLimit-Remaining\":\"0\","
                + "\"X-RateLimit-Reset\":\"" + reset + "\"}}}}");
        assertThat(wire.error(CALL, new ResponseHead(429, Map.of()), daily, CLOCK).retryAfter()).isEqualTo(Duration.ofHours(14));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "{\"code\":429,\"message\":\"x\"} | 429",
            "{\"code\":\"server_error\",\"message\":\"x\"} | 500",
            "{\"code\":400,\"message\":\"x\",\"metadata\":{\"error_type\":\"context_length_exceeded\"}} | 400",
            "{\"code\":\"x\",\"message\":\"x\",\"metadata\":{\"error_type\":\"provider_overloaded\"}} | 503",
            "{\"message\":\"x\",\"availability\":{\"code\":\"free_variant_ended\"}} | 404",
            "{\"message\":\"x\"} | 502"})
    void anErrorStandsForAStatus(String error, int status) {
        assertThat(OpenRouterErrors.statusOf((JsonObject) JsonCodec.read(error))).isEqualTo(status);
    }

    @Test
    void aStreamChunkThatFinishesWithAnErrorIsAnErrorEventNeverContent() {
        String inBand = """
                {"id":"gen-abc123","object":"chat.completion.chunk","created":1234567890,"model":"openai/gpt-4o","provider":"OpenAI","error":{"code":429,"message":"Rate limit exceeded","metadata":{"error_type":"rate_limit_exceeded"}},"choices":[{"index":0,"delta":{"content":""},"finish_reason":"error"}]}""";
        assertThat(JsonCodec.read(openRouter.chunk(inBand)))
                .isEqualTo(JsonCodec.read("{\"error\":{\"code\":429,\"message\":\"Rate limit exceeded\"}}"));
        String bare = "{\"choices\":[{\"index\":0,\"delta\":{\"content\":\"\"},\"finish_reason\":\"error\"}]}";
        assertThat(((JsonObject) JsonCodec.read(openRouter.chunk(bare))).getJsonObject("error").getInt("code"))
                .isEqualTo(502);
        String quoting = "{\"choices\":[{\"index\":0,\"delta\":{\"content\":\"an \\\"error\\\" it said\"},\"finish_reason\":null}]}";
        assertThat(openRouter.chunk(quoting)).isSameAs(quoting);
        String ordinary = "{\"choices\":[{\"index\":0,\"delta\":{\"content\":\"hi\"},\"finish_reason\":null}]}";
        assertThat(openRouter.chunk(ordinary)).isSameAs(ordinary);
        assertThat(openRouter.chunk("not json")).isEqualTo("not json");
    }
}
