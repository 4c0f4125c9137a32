package dev.llmproxy.it;

import com.openai.client.OpenAIClient;
import com.openai.client.okhttp.OpenAIOkHttpClient;
import com.openai.core.http.StreamResponse;
import com.openai.models.chat.completions.ChatCompletion;
import com.openai.models.chat.completions.ChatCompletionChunk;
import com.openai.models.chat.completions.ChatCompletionCreateParams;
import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.testing.FakeGoogleTokens;
import dev.llmproxy.testing.TestTls;
import dev.llmproxy.testing.FaultUpstream;
import dev.llmproxy.testing.FaultUpstream.Ending;
import dev.llmproxy.testing.RecordedBodies;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Gemini and Claude through the {@code vertex} kind, by the official OpenAI SDK: a service-account key (the file the
 * {@code IT_VERTEX_KEY} secret names) exchanged for an access token at a token endpoint that checks the signed
 * grant, the token reused, each publisher's address and format, Google's quota answer routed around in the proxy's
 * words, and a key that gets no token treated as the operator's to fix, not as the model's failure. The provider and
 * the token endpoint are served over https by a private CA's certificates, which the server trusts only through
 * {@code PROXY_TRUST_STORE}: the server's own default trust (Liberty's, its self-signed key) is never used.
 */
class VertexIT extends DeployedProxy {

    /** The file the test server's {@code IT_VERTEX_KEY} names (see the POM). */
    private static final Path KEY_FILE = Path.of("target", "it-vertex-key.json");
    private static final String LOCATION = "/v1/projects/test-project/locations/us-east5";

    private static FaultUpstream fault;
    private static FakeGoogleTokens tokens;
    private static OpenAIClient client;
    private static final ProxyClient proxy = new ProxyClient();

    @BeforeAll
    static void start() throws Exception {
        tokens = new FakeGoogleTokens();
        tokens.writeKey(KEY_FILE);
        // the provider and its token endpoint over https, with certificates of a CA only PROXY_TRUST_STORE names
        fault = new FaultUpstream(0, TestTls.server());
        String base = "https://localhost:" + fault.port() + LOCATION;
        fault.on("gemini-v", FaultUpstream.status(200, RecordedBodies.body("gemini", "answer-thinking.json")));
        fault.on("claude-v", fault.stream(0, 5, Ending.NO_DONE, RecordedBodies.events("anthropic", "stream-text.sse")));
        fault.on("claude-quota", FaultUpstream.status(429, RecordedBodies.body("vertex", "error-429-claude-quota.json")));
        fault.on("gemini-unreached", FaultUpstream.status(200, RecordedBodies.body("gemini", "answer-thinking.json")));
        fault.on("gemini-sibling", FaultUpstream.status(200, RecordedBodies.body("gemini", "answer-thinking.json")));
        fault.on("gemini-refuses", FaultUpstream.status(401, "{\"error\":{\"code\":401,\"status\":\"UNAUTHENTICATED\","
                + "\"message\":\"Request had invalid authentication credentials.\"}}"));
        proxy.importConfig(new ConfigBuilder(fault.baseUrl()).withoutBreakers()
                .provider("vertex", "vertex", base, "IT_VERTEX_KEY")
                .provider("vertex-unkeyed", "vertex", base, "IT_NO_SUCH_KEY")
                .provider("vertex-revoked", "vertex", base, "IT_VERTEX_KEY")
                .provider("vertex-shared", "vertex", base, "IT_VERTEX_KEY")
                .paidModel("v-gemini", "vertex", "gemini-v", "gemini")
                .paidModel("v-claude", "vertex", "claude-v", "claude")
                .paidModel("v-claude-quota", "vertex", "claude-quota", "claude")
                .paidModel("v-unkeyed", "vertex-unkeyed", "gemini-unreached", "gemini")
                .paidModel("v-revoked", "vertex-revoked", "gemini-unreached", "gemini")
                .paidModel("v-refusing", "vertex-shared", "gemini-refuses", "gemini")
                .paidModel("v-sibling", "vertex-shared", "gemini-sibling", "gemini")
                .tier("v-flash", "v-gemini")
                .tier("v-sonnet", "v-claude")
                .tier("v-cross", "v-claude-quota", "v-gemini")
                .tier("v-keyless", "v-unkeyed", "v-gemini")
                .tier("v-refused", "v-revoked", "v-gemini")
                .tier("v-same-provider", "v-refusing", "v-sibling")
                .build());
        client = OpenAIOkHttpClient.builder().baseUrl(ProxyClient.BASE + "/v1").apiKey("not-needed").maxRetries(0).build();
    }

    @AfterAll
    static void stop() throws Exception {
        fault.close();
        tokens.close();
    }

    @Test
    void geminiIsAskedAtItsPublisherWithOneTokenForEveryCall() {
        int issued = tokens.issued();
        int earlier = fault.authorizations("gemini-v").size();
        for (int i = 0; i < 3; i++) {
            ChatCompletion c = client.chat().completions().create(ChatCompletionCreateParams.builder()
                    .model("v-flash").addUserMessage("Explain Occam's razor.").build());
            assertThat(c.choices().get(0).message().content().orElseThrow()).contains("Occam's Razor says");
        }
        assertThat(fault.lastTarget("gemini-v")).isEqualTo(LOCATION + "/publishers/google/models/gemini-v:generateContent");
        List<String> all = List.copyOf(fault.authorizations("gemini-v"));
        List<String> used = all.subList(earlier, all.size());
        assertThat(used).hasSize(3).allMatch(a -> a.equals(used.get(0)));
        assertThat(tokens.issued() - issued).as("one token for the three calls").isLessThanOrEqualTo(1);
    }

    @Test
    void claudeIsStreamedFromAnthropicsPublisherInTheMessagesFormat() {
        StringBuilder text = new StringBuilder();
        try (StreamResponse<ChatCompletionChunk> s = client.chat().completions().createStreaming(
                ChatCompletionCreateParams.builder().model("v-sonnet").addUserMessage("Hi").build())) {
            s.stream().forEach(chunk -> chunk.choices().forEach(ch -> ch.delta().content().ifPresent(text::append)));
        }
        assertThat(text.toString()).isEqualTo("Hello!");
        assertThat(fault.lastTarget("claude-v")).isEqualTo(LOCATION + "/publishers/anthropic/models/claude-v:streamRawPredict");
        JsonObject sent = (JsonObject) JsonCodec.read(fault.lastBody("claude-v"));
        assertThat(sent.getString("anthropic_version")).isEqualTo("vertex-2023-10-16");
        assertThat(sent).doesNotContainKey("model");
        assertThat(fault.lastHeaders("claude-v").get("authorization")).startsWith("Bearer tok-");
    }

    @Test
    void googlesQuotaAnswerForClaudeMovesToTheNextModelAndItsWordsStayInTheLog() {
        HttpResponse<String> r = proxy.chat("v-cross");
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat(r.headers().firstValue("X-Proxy-Model")).hasValue("v-gemini");
        assertThat(r.headers().firstValue("X-Proxy-Saw-429")).hasValue("true");
        assertThat(r.body()).doesNotContain("Quota exceeded");
    }

    @Test
    void aProviderWhoseKeyIsNotSetIsSkippedAsMisconfiguredAndTheNextModelAnswers() {
        answeredAfterAnAuthenticationFailure(proxy.chat("v-keyless"));
    }

    @Test
    void aKeyTheTokenEndpointRefusesIsTheOperatorsToFixAndTheNextModelAnswers() {
        tokens.refuse = true;
        HttpResponse<String> r;
        try {
            r = proxy.chat("v-refused");
        } finally {
            tokens.refuse = false;
        }
        answeredAfterAnAuthenticationFailure(r);
        assertThat(tokens.refusals()).isNotEmpty();
    }

    @Test
    void aTokenRefusedByOneModelIsNeverSentToTheNextModelOfTheSameProvider() {
        HttpResponse<String> r = proxy.chat("v-same-provider");
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        List<String> refused = fault.authorizations("gemini-refuses");
        List<String> next = fault.authorizations("gemini-sibling");
        assertThat(next.get(next.size() - 1)).isNotEqualTo(refused.get(refused.size() - 1));
    }

    /** The first model was never called (no credential), and the next one answered. */
    private static void answeredAfterAnAuthenticationFailure(HttpResponse<String> r) {
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat(r.headers().firstValue("X-Proxy-Model")).hasValue("v-gemini");
        assertThat(fault.calls("gemini-unreached")).isZero();
        JsonArray attempts = proxy.awaitLoggedRow(r.headers().firstValue("X-Request-Id").orElseThrow(),
                Duration.ofSeconds(20)).getJsonArray("attempts");
        assertThat(attempts.getJsonObject(0).getString("outcome")).isEqualTo("AUTH_FAILED");
    }
}
