package dev.llmproxy.infrastructure.upstream.azure;

import dev.llmproxy.domain.answer.Finish;
import dev.llmproxy.infrastructure.upstream.ChunkTexts;
import dev.llmproxy.infrastructure.upstream.openai.OpenAiEmbeddingWire;
import dev.llmproxy.infrastructure.upstream.openai.OpenAiWire;
import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.catalog.Provider;
import dev.llmproxy.domain.catalog.ProviderKind;
import dev.llmproxy.domain.upstream.UpstreamCall;
import dev.llmproxy.domain.upstream.UpstreamReply;
import dev.llmproxy.infrastructure.upstream.http.OutboundRequest;
import dev.llmproxy.infrastructure.upstream.http.ResponseHead;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Azure's addresses, key header, waits and content filter. */
class AzureWireTest {

    private final OpenAiWire wire = new OpenAiWire(new AzureVariant());

    private static UpstreamCall call(String baseUrl) {
        return new UpstreamCall("req-1", new Provider("azure", ProviderKind.AZURE_OPENAI, URI.create(baseUrl), "K"),
                AllowedModel.of("gpt", "azure", "gpt-4o-prod"),
                "{\"model\":\"gpt-4o-prod\",\"messages\":[]}".getBytes(StandardCharsets.UTF_8), Duration.ofSeconds(5));
    }

    @Test
    void aVersionedBaseCallsTheDeploymentAndAV1BaseTheV1Api() {
        OutboundRequest dated = wire.request(call("https://res.openai.azure.com/openai?api-version=2024-10-21"), "k1");
        assertThat(dated.uri().toString()).isEqualTo(
                "https://res.openai.azure.com/openai/deployments/gpt-4o-prod/chat/completions?api-version=2024-10-21");
        assertThat(dated.headers()).contains(new OutboundRequest.Header("api-key", "k1"))
                .noneMatch(h -> h.name().equals("Authorization"));
        OutboundRequest v1 = wire.request(call("https://res.openai.azure.com/openai/v1"), "k1");
        assertThat(v1.uri().toString()).isEqualTo("https://res.openai.azure.com/openai/v1/chat/completions");
    }

    @Test
    void vectorsAreAskedAtTheDeploymentsEmbeddingsWithTheSameKeyHeader() {
        OpenAiEmbeddingWire embeddings = new OpenAiEmbeddingWire(new AzureVariant());
        OutboundRequest dated = embeddings.request(call("https://res.openai.azure.com/openai?api-version=2024-10-21"),
                "k1");
        assertThat(dated.uri().toString()).isEqualTo(
                "https://res.openai.azure.com/openai/deployments/gpt-4o-prod/embeddings?api-version=2024-10-21");
        assertThat(dated.headers()).contains(new OutboundRequest.Header("api-key", "k1"));
        OutboundRequest v1 = embeddings.request(call("https://res.openai.azure.com/openai/v1"), "Bearer entra-1");
        assertThat(v1.uri().toString()).isEqualTo("https://res.openai.azure.com/openai/v1/embeddings");
        assertThat(v1.headers()).contains(new OutboundRequest.Header("Authorization", "Bearer entra-1"))
                .noneMatch(h -> h.name().equals("api-key"));
    }

    @Test
    void anEntraTokenGoesInAuthorizationAndNeverInApiKey() {
        OutboundRequest request = wire.request(call("https://res.openai.azure.com/openai/v1"), "Bearer entra-1");
        assertThat(request.headers()).contains(new OutboundRequest.Header("Authorization", "Bearer entra-1"))
                .noneMatch(h -> h.name().equals("api-key"));
    }

    @Test
    void theWaitComesInMillisecondsFirst() {
        Clock clock = Clock.systemUTC();
        assertThat(AzureVariant.wait(new ResponseHead(429, Map.of("retry-after-ms", "1500", "retry-after", "9")), clock))
                .isEqualTo(Duration.ofMillis(1500));
        assertThat(AzureVariant.wait(new ResponseHead(429, Map.of("retry-after", "9")), clock)).isEqualTo(Duration.ofSeconds(9));
        assertThat(AzureVariant.wait(new ResponseHead(429, Map.of()), clock)).isNull();
    }

    @Test
    void aFilteredAnswerIsOpenAisContentFilterFinishAndFilterAnnotationsPassAsTheyAre() {
        byte[] filtered = ("{\"id\":\"c\",\"object\":\"chat.completion\",\"model\":\"gpt-4o\",\"choices\":[{\"index\":0,"
                + "\"message\":{\"role\":\"assistant\",\"content\":null},\"finish_reason\":\"content_filter\"}],"
                + "\"prompt_filter_results\":[]}").getBytes(StandardCharsets.UTF_8);
        assertThat(wire.answer(call("https://r/openai/v1"), filtered))
                .isInstanceOfSatisfying(UpstreamReply.Completed.class,
                        c -> assertThat(c.finish()).isEqualTo(Finish.CONTENT_FILTER));
        List<String> out = new ArrayList<>();
        String annotation = "{\"choices\":[],\"created\":0,\"id\":\"\",\"model\":\"\",\"object\":\"\","
                + "\"prompt_filter_results\":[{\"prompt_index\":0,\"content_filter_results\":{}}]}";
        wire.events(call("https://r/openai/v1")).translate(annotation, ChunkTexts.into(out::add));
        assertThat(out).containsExactly(annotation);
    }
}
