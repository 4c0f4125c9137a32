package dev.llmproxy.it;

import dev.llmproxy.testing.FaultUpstream;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

import static dev.llmproxy.testing.FaultUpstream.ok;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** Admission control: a bounded number of requests at work, a bounded queue, and a queue wait of its own. */
class AdmissionIT extends DeployedProxy {

    private static FaultUpstream fault;
    private final HttpClient http = HttpClient.newHttpClient();


    @BeforeAll
    static void start() throws Exception {
        fault = new FaultUpstream(0);
        fault.on("q-slow", fault.delayed(3000, ok()));
        fault.on("p-slow", fault.delayed(3000, ok()));
        new ProxyClient().importConfig(new ConfigBuilder(fault.baseUrl())
                .setting("maxConcurrentUpstream", 1).setting("queueDepth", 1).setting("queueWaitTimeoutMs", 1000)
                .setting("attemptTimeoutMs", 10_000)
                .tier("q-tier", "q-slow")
                .tier("p-tier", "p-slow")
                .build());
    }

    @AfterAll
    static void stop() throws Exception {
        fault.close();
    }

    private CompletableFuture<HttpResponse<String>> chatAsync() {
        return chatAsync("q-tier");
    }

    private CompletableFuture<HttpResponse<String>> chatAsync(String tier, String... headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(ProxyClient.BASE + "/v1/chat/completions"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"model\":\"" + tier
                        + "\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}"));
        if (headers.length > 0) {
            request.headers(headers);
        }
        return http.sendAsync(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** A caller that lowers itself to batch gives up its place in a full queue to a standard one, at once. */
    @Test
    void aFullQueueGivesABatchRequestsPlaceToAHigherOneAndAPriorityIsOnlyEverLowered() {
        CompletableFuture<HttpResponse<String>> working = chatAsync("p-tier");
        await().atMost(Duration.ofSeconds(5)).until(() -> fault.calls("p-slow") == 1);
        CompletableFuture<HttpResponse<String>> batch = chatAsync("p-tier", "X-Proxy-Priority", "batch");
        await().atMost(Duration.ofSeconds(5)).until(() -> proxy.get("/metrics").body().contains("proxy_queue_depth 1.0"));

        CompletableFuture<HttpResponse<String>> standard = chatAsync("p-tier");
        HttpResponse<String> displaced = batch.join();
        assertThat(displaced.statusCode()).isEqualTo(503);
        assertThat(displaced.headers().firstValue("Retry-After")).hasValue("1");
        assertThat(message(displaced)).contains("a request of a higher priority took this one's place");
        assertThat(standard).isNotDone();

        HttpResponse<String> unknown = chatAsync("p-tier", "X-Proxy-Priority", "urgent").join();
        assertThat(unknown.statusCode()).isEqualTo(400);
        assertThat(message(unknown)).startsWith("X-Proxy-Priority must be interactive, standard or batch");
        assertThat(working.join().statusCode()).isEqualTo(200);
        standard.join();
    }

    private static String message(HttpResponse<String> r) {
        return Json.createReader(new StringReader(r.body())).readObject().getJsonObject("error").getString("message");
    }

    @Test
    void aFullQueueRefusesAtOnceAndAQueuedRequestTimesOutNamingItsPosition() {
        CompletableFuture<HttpResponse<String>> working = chatAsync();
        await().atMost(Duration.ofSeconds(5)).until(() -> fault.calls("q-slow") == 1);
        CompletableFuture<HttpResponse<String>> queued = chatAsync();
        await().atMost(Duration.ofSeconds(5)).until(() -> proxy.get("/metrics").body().contains("proxy_queue_depth 1.0"));

        HttpResponse<String> full = proxy.chat("q-tier");
        // refused at once: the queued request, which times out after 1 s in the queue, is still waiting
        assertThat(queued).isNotDone();
        assertThat(full.statusCode()).isEqualTo(503);
        assertThat(full.headers().firstValue("Retry-After")).hasValue("1");
        assertThat(message(full)).contains("queue is full (1 pending)");

        HttpResponse<String> timedOut = queued.join();
        assertThat(timedOut.statusCode()).isEqualTo(503);
        assertThat(message(timedOut)).isEqualTo("Timed out after waiting 1 s in queue; position was 1.");

        assertThat(working.join().statusCode()).isEqualTo(200);
        assertThat(fault.calls("q-slow")).isEqualTo(1);

        String requestId = timedOut.headers().firstValue("X-Request-Id").orElseThrow();
        JsonObject row = proxy.awaitLoggedRow(requestId, Duration.ofSeconds(10));
        assertThat(row.getInt("status")).isEqualTo(503);
        assertThat(row.getJsonNumber("queueWaitMs").longValue()).isBetween(900L, 3000L);
    }
}
