package dev.llmproxy.it;

import com.openai.client.OpenAIClient;
import com.openai.client.okhttp.OpenAIOkHttpClient;
import com.openai.errors.BadRequestException;
import com.openai.models.embeddings.CreateEmbeddingResponse;
import com.openai.models.embeddings.EmbeddingCreateParams;
import com.openai.models.models.Model;
import dev.llmproxy.testing.FaultUpstream;
import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.StringReader;
import java.math.BigDecimal;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The embeddings front door with the official OpenAI Java SDK, against fake upstreams that misbehave: a 429 and an
 * answer short of a vector fall back within one vector space, vectors of the wrong length are never relayed, Gemini's
 * batch API is translated, and config that would mix vector spaces in one chain is refused.
 */
class EmbeddingsIT extends DeployedProxy {

    private static final String SPACE = "em-small@8";
    private static FaultUpstream fault;
    private static OpenAIClient client;

    @BeforeAll
    static void start() throws Exception {
        fault = new FaultUpstream(0);
        fault.on("em-ok", fault.embeddings(8, 2f, 0));
        fault.on("em-429", FaultUpstream.status(429));
        fault.on("em-short", fault.embeddings(8, 3f, 1));
        fault.on("em-wide", fault.embeddings(12, 4f, 0));
        fault.on("em-gem", fault.geminiEmbeddings(6, 5f));
        fault.on("em-chat", FaultUpstream.ok());
        new ProxyClient().importConfig(new ConfigBuilder(fault.baseUrl()).withoutBreakers()
                .embeddingModel("em-ok", SPACE).embeddingModel("em-429", SPACE).embeddingModel("em-short", SPACE)
                .embeddingModel("em-wide", SPACE)
                .geminiEmbeddingModel("em-gem", "gem-embed@6", fault.baseUrl())
                .tier("em-tier", "em-429", "em-ok")
                .tier("em-short-tier", "em-short", "em-ok")
                .tier("em-wide-tier", "em-wide", "em-ok")
                .tier("em-chat-tier", "em-chat")
                .build());
        client = OpenAIOkHttpClient.builder().baseUrl(ProxyClient.BASE + "/v1").apiKey("not-needed").maxRetries(0)
                .build();
    }

    @AfterAll
    static void stop() throws Exception {
        fault.close();
    }

    private static JsonObject json(String body) {
        return Json.createReader(new StringReader(body)).readObject();
    }

    @Test
    void theSdkGetsOneVectorPerInputInOrderAfterA429FallsBackInTheSameSpace() {
        CreateEmbeddingResponse r = client.embeddings().create(EmbeddingCreateParams.builder().model("em-tier")
                .inputOfArrayOfStrings(List.of("alpha", "beta", "gamma")).build());
        assertThat(r.data()).hasSize(3);
        for (int i = 0; i < 3; i++) {
            List<Float> v = r.data().get(i).embedding();
            assertThat(v).hasSize(8);
            assertThat(v.get(0)).isEqualTo(i + 0.5f);
            assertThat(v.get(1)).isEqualTo(2f); // em-ok's, after em-429 refused
        }
        assertThat(r.model()).isEqualTo("em-ok");
        assertThat(r.usage().promptTokens()).isEqualTo(15);
        assertThat(fault.calls("em-429")).isPositive();
    }

    @Test
    void floatsAndDimensionsAsAskedAndTheLogSaysEmbeddingsWithTheCost() {
        HttpResponse<String> r = proxy.post("/v1/embeddings", "{\"model\":\"em-ok\",\"input\":\"one text\","
                + "\"encoding_format\":\"float\",\"dimensions\":4,\"user\":\"u-1\"}");
        assertThat(r.statusCode()).isEqualTo(200);
        JsonObject body = json(r.body());
        assertThat(body.getString("object")).isEqualTo("list");
        JsonArray vector = body.getJsonArray("data").getJsonObject(0).getJsonArray("embedding");
        assertThat(vector).hasSize(4);
        assertThat(fault.lastBody("em-ok")).contains("\"dimensions\":4").contains("\"user\":\"u-1\"");
        assertThat(fault.lastTarget("em-ok")).endsWith("/v1/embeddings");
        JsonObject row = proxy.awaitLoggedRow(r.headers().firstValue("X-Request-Id").orElseThrow(),
                Duration.ofSeconds(10));
        assertThat(row.getString("frontDoor")).isEqualTo("embeddings");
        assertThat(row.getInt("promptTokens")).isEqualTo(5);
        assertThat(row.getJsonNumber("costUsd").bigDecimalValue()).isEqualByComparingTo(new BigDecimal("0.0000001"));
    }

    @Test
    void anAnswerShortOfAVectorIsNeverRelayed() {
        HttpResponse<String> r = proxy.post("/v1/embeddings", "{\"model\":\"em-short-tier\",\"input\":[\"a\",\"b\"],"
                + "\"encoding_format\":\"float\"}");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("X-Proxy-Model")).hasValue("em-ok");
        JsonArray data = json(r.body()).getJsonArray("data");
        assertThat(data).hasSize(2);
        assertThat(data.getJsonObject(1).getJsonArray("embedding").getJsonNumber(1).doubleValue()).isEqualTo(2.0);
    }

    @Test
    void vectorsOfAnotherLengthThanTheSpaceAreNeverRelayed() {
        HttpResponse<String> r = proxy.post("/v1/embeddings", "{\"model\":\"em-wide-tier\",\"input\":\"x\"}");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("X-Proxy-Model")).hasValue("em-ok");
        JsonObject row = proxy.awaitLoggedRow(r.headers().firstValue("X-Request-Id").orElseThrow(),
                Duration.ofSeconds(10));
        assertThat(row.getJsonArray("attempts").getJsonObject(0).getString("reason"))
                .contains("12 dimensions; expected 8");
    }

    @Test
    void geminiModelsAreCalledThroughTheirBatchApiAndAnsweredInOpenAisShape() {
        HttpResponse<String> r = proxy.post("/v1/embeddings", "{\"model\":\"em-gem\",\"input\":[\"first\",\"second\"],"
                + "\"dimensions\":3,\"encoding_format\":\"float\"}");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(fault.lastTarget("em-gem")).endsWith("/models/em-gem:batchEmbedContents");
        JsonObject sent = json(fault.lastBody("em-gem"));
        assertThat(sent.getJsonArray("requests")).hasSize(2);
        assertThat(sent.getJsonArray("requests").getJsonObject(1).getInt("outputDimensionality")).isEqualTo(3);
        assertThat(sent.getJsonArray("requests").getJsonObject(1).toString()).contains("second");
        JsonObject body = json(r.body());
        assertThat(body.getJsonArray("data")).hasSize(2);
        assertThat(body.getJsonArray("data").getJsonObject(1).getJsonArray("embedding")).hasSize(3);
        assertThat(body.getJsonObject("usage").getInt("prompt_tokens")).isPositive();
    }

    @Test
    void geminiIsNotAskedToEmbedTokenIds() {
        int before = fault.calls("em-gem");
        HttpResponse<String> r = proxy.post("/v1/embeddings", "{\"model\":\"em-gem\",\"input\":[101,2023,102]}");
        assertThat(r.statusCode()).isEqualTo(502);
        assertThat(fault.calls("em-gem")).as("no call made: %s", r.body()).isEqualTo(before);
    }

    @Test
    void chatAndEmbeddingsNeverCrossDoors() {
        HttpResponse<String> chatViaEmbeddings = proxy.post("/v1/embeddings", "{\"model\":\"em-chat-tier\",\"input\":\"x\"}");
        assertThat(chatViaEmbeddings.statusCode()).isEqualTo(400);
        assertThat(json(chatViaEmbeddings.body()).getJsonObject("error").getString("message")).contains("chat answers");
        HttpResponse<String> embeddingsViaChat = proxy.post("/v1/chat/completions", "{\"model\":\"em-tier\","
                + "\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}");
        assertThat(embeddingsViaChat.statusCode()).isEqualTo(400);
        assertThat(json(embeddingsViaChat.body()).getJsonObject("error").getString("message")).contains("/v1/embeddings");
        assertThatThrownBy(() -> client.embeddings().create(EmbeddingCreateParams.builder().model("em-tier")
                .input("").build())).isInstanceOf(BadRequestException.class).hasMessageContaining("input");
    }

    @Test
    void theModelsListSaysWhatEachEntryMakesAndWhenItEntered() {
        Model tier = client.models().retrieve("em-tier");
        assertThat(tier.ownedBy()).isEqualTo("tier");
        assertThat(tier.created()).isPositive();
        assertThat(json(proxy.get("/v1/models/em-tier").body()).getString("makes")).isEqualTo("embedding");
        assertThat(json(proxy.get("/v1/models/em-ok").body()).getString("makes")).isEqualTo("embedding");
        assertThat(json(proxy.get("/v1/models/em-chat-tier").body()).getString("makes")).isEqualTo("chat");
        proxy.importConfig(proxy.adminGet("/admin/api/config").body()); // a new version that keeps the tier
        assertThat(client.models().retrieve("em-tier").created()).isEqualTo(tier.created());
    }

    @Test
    void aTierMixingVectorSpacesIsRefusedSayingWhy() {
        String mixed = new ConfigBuilder(fault.baseUrl()).embeddingModel("em-a", "em-small@8")
                .embeddingModel("em-b", "em-large@8").tier("em-mixed", "em-a", "em-b").build();
        HttpResponse<String> r = proxy.adminPut("/admin/api/config", mixed);
        assertThat(r.statusCode()).isEqualTo(400);
        assertThat(r.body()).contains("tiers[0].chain[1]").contains("cannot be compared");
        assertThat(proxy.post("/v1/embeddings", "{\"model\":\"em-ok\",\"input\":\"still here\"}").statusCode())
                .isEqualTo(200);
    }
}
