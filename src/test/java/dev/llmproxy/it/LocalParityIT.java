package dev.llmproxy.it;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.testing.FakeOllama;
import dev.llmproxy.testing.FaultUpstream;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Local parity in development: while an Ollama answers at the configured address (the test server's is
 * 127.0.0.1:11491, checked every second), a model with a local stand-in is served by the stand-in, and the answer,
 * the request log and the parity table say so; once Ollama is gone, the model itself answers again.
 */
class LocalParityIT extends DeployedProxy {

    private static final int OLLAMA_PORT = 11491;
    private static FaultUpstream cloud;
    private static FakeOllama ollama;

    @BeforeAll
    static void start() throws Exception {
        cloud = new FaultUpstream(0);
        cloud.on("cloud-model", FaultUpstream.ok());
        ollama = new FakeOllama(OLLAMA_PORT, "llama3.2:latest");
        new ProxyClient().importConfig("""
                {"providers": [{"name": "cloud", "kind": "openai", "baseUrl": "%s", "apiKeySecret": "IT_UPSTREAM_KEY"},
                               {"name": "ollama", "kind": "openai", "baseUrl": "http://127.0.0.1:%d/v1"}],
                 "models": [{"name": "cloud-model", "provider": "cloud", "upstreamModel": "cloud-model",
                             "localStandIn": "local-llama"},
                            {"name": "missing-here", "provider": "cloud", "upstreamModel": "cloud-model",
                             "localStandIn": "local-qwen"},
                            {"name": "local-llama", "provider": "ollama", "upstreamModel": "llama3.2", "free": true},
                            {"name": "local-qwen", "provider": "ollama", "upstreamModel": "qwen3:8b", "free": true}],
                 "tiers": [{"name": "parity", "chain": ["cloud-model"]},
                           {"name": "not-pulled", "chain": ["missing-here"]}],
                 "settings": {}}
                """.formatted(cloud.baseUrl(), OLLAMA_PORT));
    }

    @AfterAll
    static void stop() throws Exception {
        ollama.close();
        cloud.close();
    }

    private JsonObject parity() {
        return (JsonObject) JsonCodec.read(proxy.adminGet("/admin/api/parity").body());
    }

    @Test
    void aStandInAnswersWhileOllamaIsUpAndTheModelItselfOnceItIsGone() throws Exception {
        await().atMost(Duration.ofSeconds(20)).until(() -> parity().getJsonObject("local").getBoolean("routingToStandIns"));
        JsonObject table = parity();
        assertThat(table.getJsonObject("local").getString("version")).isEqualTo("0.5.1");
        assertThat(table.getJsonArray("models").getJsonObject(0).getString("standIn")).isEqualTo("local-llama");
        assertThat(table.getJsonArray("models").getJsonObject(0).getBoolean("present")).isTrue();
        assertThat(table.getJsonArray("models").getJsonObject(1).getBoolean("present")).as("qwen3 is not pulled").isFalse();

        HttpResponse<String> local = proxy.chat("parity");
        assertThat(local.statusCode()).as(local.body()).isEqualTo(200);
        assertThat(local.headers().firstValue("X-Proxy-Local")).hasValue("true");
        assertThat(local.headers().firstValue("X-Proxy-Model")).hasValue("local-llama");
        assertThat(local.body()).contains("local answer from llama3.2");
        assertThat(cloud.calls("cloud-model")).isZero();
        JsonObject row = proxy.awaitLoggedRow(local.headers().firstValue("X-Request-Id").orElseThrow(),
                Duration.ofSeconds(20));
        assertThat(row.getBoolean("answeredLocally")).isTrue();

        // a stand-in the local server does not hold is passed over: the model itself answers
        HttpResponse<String> notPulled = proxy.chat("not-pulled");
        assertThat(notPulled.statusCode()).isEqualTo(200);
        assertThat(notPulled.headers().firstValue("X-Proxy-Model")).hasValue("missing-here");
        assertThat(notPulled.headers().firstValue("X-Proxy-Local")).isEmpty();

        HttpResponse<String> streamed = proxy.post("/v1/chat/completions",
                "{\"model\":\"parity\",\"stream\":true,\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}");
        assertThat(streamed.headers().firstValue("X-Proxy-Local")).hasValue("true");
        assertThat(streamed.body()).contains("local answer").endsWith("data: [DONE]\n\n");

        ConsoleLogin console = ConsoleLogin.open(proxy, "203.0.113.41");
        console.signIn("admin", System.getProperty("it.admin.password", "it-admin-secret"));
        HttpResponse<String> page = console.get("/admin/parity");
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body()).contains("Ollama <span>0.5.1</span> answers").contains("local-llama")
                .contains("no: pull it");
        HttpResponse<String> log = console.get("/admin/requests");
        assertThat(log.body()).contains("class=\"local\"");

        ollama.close();
        await().atMost(Duration.ofSeconds(20)).until(() -> !parity().getJsonObject("local").getBoolean("routingToStandIns"));
        HttpResponse<String> remote = proxy.chat("parity");
        assertThat(remote.statusCode()).isEqualTo(200);
        assertThat(remote.headers().firstValue("X-Proxy-Local")).isEmpty();
        assertThat(remote.headers().firstValue("X-Proxy-Model")).hasValue("cloud-model");
        assertThat(cloud.calls("cloud-model")).isEqualTo(2);
    }
}
