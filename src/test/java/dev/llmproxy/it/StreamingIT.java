package dev.llmproxy.it;

import dev.llmproxy.testing.FaultUpstream;
import dev.llmproxy.testing.FaultUpstream.Ending;
import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static dev.llmproxy.testing.FaultUpstream.status;
import static dev.llmproxy.testing.OpenAiBodies.answerEvents;
import static dev.llmproxy.testing.OpenAiBodies.toolCallEvents;
import static dev.llmproxy.testing.OpenAiBodies.chunk;
import static dev.llmproxy.testing.OpenAiBodies.partialEvents;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** Streaming through the deployed WAR against a raw-socket upstream that cuts, stalls and garbles its streams. */
class StreamingIT extends DeployedProxy {

    private static FaultUpstream fault;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();


    @BeforeAll
    static void startUpstream() throws Exception {
        fault = new FaultUpstream(0);
        fault.on("s-ok", fault.stream(0, 5, Ending.DONE, answerEvents("s-ok", "Hello", " world")));
        fault.on("s-slow", fault.stream(3000, 0, Ending.DONE, answerEvents("s-slow", "late")));
        fault.on("s-fast", fault.stream(0, 0, Ending.DONE, answerEvents("s-fast", "quick")));
        fault.on("s-gap", fault.stream(0, 400, Ending.DONE, answerEvents("s-gap", "first", " second")));
        fault.on("s-cut", fault.stream(0, 5, Ending.CUT, partialEvents("s-cut", "one,", " two,")));
        fault.on("s-cont", fault.stream(0, 5, Ending.DONE, answerEvents("s-cont", " three.")));
        fault.on("s-plain", fault.stream(0, 0, Ending.DONE, answerEvents("s-plain", "unused")));
        fault.on("s-stall", fault.stream(0, 0, Ending.STALL, partialEvents("s-stall", "wait", " for")));
        fault.on("s-bad", fault.stream(0, 0, Ending.DONE, chunk("s-bad", "good", null), "{\"choices\": [ oops",
                chunk("s-bad", " answer", "stop")));
        fault.on("s-nodone", fault.stream(0, 0, Ending.NO_DONE, answerEvents("s-nodone", "no", " marker")));
        fault.on("s-429", status(429, Map.of("Retry-After", "20"), "{\"error\":{\"message\":\"quota\"}}"));
        fault.on("s-503", status(503));
        fault.on("s-tool-cut", fault.stream(0, 5, Ending.CUT,
                toolCallEvents("s-tool-cut", "call_first", false, "{\"ci", "ty\": \"Pa", "r")));
        fault.on("s-tool", fault.stream(0, 5, Ending.DONE,
                toolCallEvents("s-tool", "call_second", true, "{\"city\": ", "\"Paris\"}")));
        String[] many = new String[200];
        for (int i = 0; i < many.length; i++) {
            many[i] = chunk("s-long", "w" + i + " ", null);
        }
        fault.on("s-long", fault.stream(0, 100, Ending.DONE, many));
        new ProxyClient().importConfig(new ConfigBuilder(fault.baseUrl()).withoutBreakers()
                .setting("attemptTimeoutMs", 5000).setting("chainBudgetMs", 10000).setting("maxSameModelRetries", 0)
                .setting("firstTokenTimeoutMs", 500).setting("streamIdleTimeoutMs", 500)
                .prefillModel("s-cont")
                .tier("st-ok", "s-ok")
                .tier("st-slow", "s-slow", "s-fast")
                .prefillModel("s-tool")
                .tier("st-splice", "s-cut", "s-plain", "s-cont")
                .tier("st-tool", "s-tool-cut", "s-tool")
                .tier("st-nosplice", "s-cut", "s-plain")
                .tier("st-stall", "s-stall", "s-cont")
                .tier("st-bad", "s-bad")
                .tier("st-nodone", "s-nodone")
                .tier("st-before", "s-429", "s-503", "s-ok")
                .tier("st-503", "s-503")
                .tier("st-long", "s-long")
                .tier("st-gap", "s-gap")
                .build());
    }

    @AfterAll
    static void stopUpstream() throws Exception {
        fault.close();
    }

    private Streamed stream(String model, boolean includeUsage) throws Exception {
        return Streamed.call(http, model, includeUsage);
    }

    private JsonObject logged(String requestId) {
        return proxy.awaitLoggedRow(requestId, Duration.ofSeconds(10));
    }

    @Test
    void streamedAnswerArrivesAsChunksWithUsageAndDone() throws Exception {
        Streamed s = stream("st-ok", true);
        assertThat(s.response().statusCode()).isEqualTo(200);
        assertThat(s.header("Content-Type")).startsWith("text/event-stream");
        assertThat(s.header("X-Proxy-Model")).isEqualTo("s-ok");
        assertThat(s.header("X-Proxy-Fallback")).isEqualTo("false");
        assertThat(s.text()).isEqualTo("Hello world");
        assertThat(s.chunks().get(0).getString("model")).isEqualTo("s-ok");
        assertThat(s.chunks().get(0).getString("object")).isEqualTo("chat.completion.chunk");
        JsonObject usage = s.chunks().get(s.chunks().size() - 1).getJsonObject("usage");
        assertThat(usage.getInt("completion_tokens")).isEqualTo(2);
        assertThat(s.done()).isTrue();
        assertThat(s.cut()).isFalse();
        assertThat(s.events()).isEmpty();
        assertThat(fault.lastBody("s-ok")).contains("\"include_usage\":true");
        JsonObject row = logged(s.header("X-Request-Id"));
        assertThat(row.getBoolean("stream")).isTrue();
        assertThat(row.getJsonObject("streamStats").getInt("eventsRelayed")).isEqualTo(3);
        assertThat(row.getJsonObject("streamStats").containsKey("firstTokenMs")).isTrue();
    }

    @Test
    void eachEventReachesTheClientWhenItArrivesNotWithTheNextOne() throws Exception {
        String body = "{\"model\":\"st-gap\",\"stream\":true,\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}";
        HttpResponse<InputStream> r = http.send(HttpRequest.newBuilder(URI.create(ProxyClient.BASE + "/v1/chat/completions"))
                .header("Content-Type", "application/json").timeout(Duration.ofSeconds(30))
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofInputStream());
        Map<String, Long> arrivals = new HashMap<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(r.body(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                for (String word : List.of("\"first\"", "\" second\"")) {
                    if (line.startsWith("data: ") && line.contains(word)) {
                        arrivals.put(word, System.nanoTime());
                    }
                }
            }
        }
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(arrivals).hasSize(2);
        // The upstream sends one event every 400 ms: the first word must not wait for the second.
        assertThat(Duration.ofNanos(arrivals.get("\" second\"") - arrivals.get("\"first\"")).toMillis())
                .isGreaterThanOrEqualTo(250);
    }

    @Test
    void noUsageChunkUnlessAskedFor() throws Exception {
        Streamed s = stream("st-ok", false);
        assertThat(s.chunks()).noneMatch(c -> c.containsKey("usage"));
        assertThat(s.done()).isTrue();
    }

    @Test
    void slowFirstTokenIsAbandonedForTheFallback() throws Exception {
        Streamed s = stream("st-slow", false);
        assertThat(s.text()).isEqualTo("quick");
        assertThat(s.header("X-Proxy-Model")).isEqualTo("s-fast");
        assertThat(s.header("X-Proxy-Fallback")).isEqualTo("true");
        assertThat(s.millis()).isLessThan(2500);
        JsonObject row = logged(s.header("X-Request-Id"));
        assertThat(row.getJsonArray("attempts").getJsonObject(0).getString("outcome")).isEqualTo("TIMEOUT");
    }

    @Test
    void cutStreamIsContinuedByAPrefillCapableModelIntoOneAnswer() throws Exception {
        Streamed s = stream("st-splice", true);
        assertThat(s.text()).isEqualTo("one, two, three.");
        assertThat(s.done()).isTrue();
        assertThat(s.chunks()).noneMatch(c -> c.containsKey("error"));
        assertThat(fault.lastBody("s-cont")).contains("{\"role\":\"assistant\",\"content\":\"one, two,\"}");
        assertThat(fault.calls("s-plain")).isZero(); // cannot take a prefill: skipped
        JsonObject row = logged(s.header("X-Request-Id"));
        assertThat(row.getInt("status")).isEqualTo(200);
        assertThat(row.getString("answeringModel")).isEqualTo("s-cont");
        assertThat(row.getJsonObject("streamStats").getInt("continuations")).isEqualTo(1);
        // one usage, the same in the client's usage chunk and in the request log
        JsonObject usage = s.chunks().stream().filter(c -> c.containsKey("usage") && !c.isNull("usage")).findFirst()
                .orElseThrow().getJsonObject("usage");
        assertThat(row.getInt("promptTokens")).isEqualTo(usage.getInt("prompt_tokens"));
        assertThat(row.getInt("completionTokens")).isEqualTo(usage.getInt("completion_tokens"));
        assertThat(row.getInt("totalTokens")).isEqualTo(usage.getInt("total_tokens"));
        assertThat(row.getJsonArray("attempts").getJsonObject(0).getString("outcome")).isEqualTo("STREAM_BROKEN");
        assertThat(row.getJsonArray("attempts").getJsonObject(1).getString("outcome")).isEqualTo("SUCCESS");
    }

    @Test
    void aToolCallCutMidArgumentsIsAnsweredWholeByTheFallbackNeverSpliced() throws Exception {
        Streamed s = stream("st-tool", false);
        assertThat(s.done()).isTrue();
        List<JsonObject> calls = new ArrayList<>();
        StringBuilder arguments = new StringBuilder();
        String finish = null;
        for (JsonObject c : s.chunks()) {
            JsonArray choices = c.getJsonArray("choices");
            if (choices == null || choices.isEmpty()) {
                continue;
            }
            JsonObject choice = choices.getJsonObject(0);
            JsonObject delta = choice.getJsonObject("delta");
            if (delta.containsKey("tool_calls")) {
                JsonObject call = delta.getJsonArray("tool_calls").getJsonObject(0);
                calls.add(call);
                JsonObject function = call.getJsonObject("function");
                if (function != null && function.containsKey("arguments")) {
                    arguments.append(function.getString("arguments"));
                }
            }
            if (!choice.isNull("finish_reason")) {
                finish = choice.getString("finish_reason");
            }
        }
        // one call, one id, one name, arguments that are whole JSON, all from the fallback
        assertThat(calls).filteredOn(c -> c.containsKey("id")).extracting(c -> c.getString("id"))
                .containsExactly("call_second");
        assertThat(calls).filteredOn(c -> c.containsKey("function") && c.getJsonObject("function").containsKey("name"))
                .extracting(c -> c.getJsonObject("function").getString("name")).containsExactly("get_weather");
        assertThat(Json.createReader(new StringReader(arguments.toString())).readObject().getString("city"))
                .isEqualTo("Paris");
        assertThat(finish).isEqualTo("tool_calls");
        // answered afresh: nothing of the cut call went out, so there was no prefill to give
        assertThat(fault.lastBody("s-tool")).doesNotContain("\"role\":\"assistant\"");
        JsonObject row = logged(s.header("X-Request-Id"));
        assertThat(row.getInt("status")).isEqualTo(200);
        assertThat(row.getString("answeringModel")).isEqualTo("s-tool");
        assertThat(row.getJsonObject("streamStats").getInt("continuations")).isZero();
    }

    @Test
    void cutStreamWithNoCapableModelEndsWithAnErrorEventNoDoneAndACutBody() throws Exception {
        Streamed s = stream("st-nosplice", false);
        assertThat(s.response().statusCode()).isEqualTo(200);
        assertThat(s.text()).isEqualTo("one, two,");
        assertThat(s.done()).isFalse();
        assertThat(s.events()).containsExactly("error");
        assertThat(s.cut()).as("the body has no proper end (" + s.response().version() + ")").isTrue();
        JsonObject last = s.chunks().get(s.chunks().size() - 1);
        assertThat(last.getJsonObject("error").getString("code")).isEqualTo("stream_interrupted");
        assertThat(last.getJsonObject("error").getString("message")).contains("s-cut broke off");
        JsonObject row = logged(s.header("X-Request-Id"));
        assertThat(row.getInt("status")).isEqualTo(502);
        assertThat(row.getString("errorCode")).isEqualTo("stream_interrupted");
    }

    /** The stream is reset; the JDK's client drops what it had not read when the reset comes, so only the cut is certain. */
    @Test
    void overHttp2ACutStreamIsResetNotEnded() throws Exception {
        Streamed s = Streamed.call(HttpClient.newHttpClient(), "st-nosplice", false);
        assertThat(s.response().version()).isEqualTo(HttpClient.Version.HTTP_2);
        assertThat("one, two,").startsWith(s.text());
        assertThat(s.done()).isFalse();
        assertThat(s.cut()).as("the body has no proper end").isTrue();
    }

    @Test
    void stallIsDetectedWithinTheIdleLimitThenContinued() throws Exception {
        Streamed s = stream("st-stall", false);
        assertThat(s.text()).isEqualTo("wait for three.");
        assertThat(s.done()).isTrue();
        assertThat(s.millis()).isLessThan(3000);
        await().atMost(Duration.ofSeconds(5)).until(() -> fault.hangsAbandonedByClient() > 0);
    }

    @Test
    void malformedEventIsSkippedNotForwarded() throws Exception {
        Streamed s = stream("st-bad", false);
        assertThat(s.text()).isEqualTo("good answer");
        assertThat(s.done()).isTrue();
        assertThat(String.join("\n", s.data())).doesNotContain("oops");
        assertThat(logged(s.header("X-Request-Id")).getJsonObject("streamStats").getInt("malformedSkipped")).isEqualTo(1);
    }

    @Test
    void streamWithoutDoneIsFinalisedAtOnceWithUsage() throws Exception {
        Streamed s = stream("st-nodone", true);
        assertThat(s.text()).isEqualTo("no marker");
        assertThat(s.done()).isTrue();
        assertThat(s.chunks().get(s.chunks().size() - 1).getJsonObject("usage").getInt("total_tokens")).isEqualTo(11);
        assertThat(s.millis()).isLessThan(2000);
    }

    @Test
    void rateLimitAndServerErrorBeforeTheFirstByteFallBack() throws Exception {
        Streamed s = stream("st-before", false);
        assertThat(s.text()).isEqualTo("Hello world");
        assertThat(s.header("X-Proxy-Model")).isEqualTo("s-ok");
        assertThat(s.header("X-Proxy-Fallback")).isEqualTo("true");
        assertThat(s.header("X-Proxy-Saw-429")).isEqualTo("true");
    }

    @Test
    void failureBeforeAnyContentIsAnOrdinaryErrorResponse() throws Exception {
        Streamed s = stream("st-503", false);
        assertThat(s.response().statusCode()).isEqualTo(502);
        assertThat(s.header("Content-Type")).startsWith("application/json");
        assertThat(String.join("", s.data())).contains("upstream_error").doesNotContain("secret provider detail");
    }

    @Test
    void clientDisconnectMidStreamCancelsTheUpstream() throws Exception {
        URI base = URI.create(ProxyClient.BASE);
        String requestId = null;
        String body = "{\"model\":\"st-long\",\"stream\":true,\"messages\":[{\"role\":\"user\",\"content\":\"go on\"}]}";
        try (java.net.Socket socket = new java.net.Socket(base.getHost(), base.getPort())) {
            socket.getOutputStream().write(ProxyClient.rawChatPost(body.length(), body));
            BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
            String line;
            while ((line = in.readLine()) != null && !line.contains("data: ")) {
                // headers and the first chunk size
                if (line.toLowerCase().startsWith("x-request-id:")) {
                    requestId = line.substring(line.indexOf(':') + 1).trim();
                }
            }
            assertThat(line).contains("data: ");
        }
        await().atMost(Duration.ofSeconds(15)).until(() -> fault.streamsAbandonedByClient() > 0);
        assertThat(fault.calls("s-long")).isEqualTo(1);
        JsonObject row = logged(requestId);
        assertThat(row.getInt("status")).isEqualTo(499);
        assertThat(row.getString("errorCode")).isEqualTo("client_closed");
        JsonArray attempts = row.getJsonArray("attempts");
        assertThat(attempts).hasSize(1);
        assertThat(attempts.getJsonObject(0).getString("model")).isEqualTo("s-long");
        assertThat(attempts.getJsonObject(0).getString("outcome")).isEqualTo("ABANDONED");
    }
}
