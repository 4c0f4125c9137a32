package dev.llmproxy.it;

import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;

import javax.net.ssl.SSLSession;

/**
 * What a client saw: status, headers, the data lines of the stream, the event names given, and whether the body was
 * cut (the connection closed before the body's proper end) rather than ended.
 */
public record Streamed(HttpResponse<?> response, List<String> data, List<String> events, boolean cut, long millis) {
    public List<JsonObject> chunks() {
        return data.stream().filter(d -> !d.equals("[DONE]"))
                .map(d -> Json.createReader(new StringReader(d)).readObject()).toList();
    }

    public String text() {
        StringBuilder sb = new StringBuilder();
        for (JsonObject c : chunks()) {
            JsonArray choices = c.getJsonArray("choices");
            if (choices != null && !choices.isEmpty()) {
                JsonObject delta = choices.getJsonObject(0).getJsonObject("delta");
                if (delta.containsKey("content") && !delta.isNull("content")) {
                    sb.append(delta.getString("content"));
                }
            }
        }
        return sb.toString();
    }

    public boolean done() {
        return !data.isEmpty() && data.get(data.size() - 1).equals("[DONE]");
    }

    public String header(String name) {
        return response.headers().firstValue(name).orElse(null);
    }

    /** Asks for a streamed answer from {@code model} and reads the stream to its end. */
    static Streamed call(HttpClient http, String model, boolean includeUsage) throws Exception {
        return call(http, ProxyClient.BASE, model, includeUsage);
    }

    /**
     * Asks the proxy at {@code base} for a streamed answer from {@code model} and reads the stream to its end. The
     * bytes are kept as they arrive: an input stream over the body drops what it holds unread once the connection is
     * cut, so a slow reader would see less than the proxy sent.
     */
    static Streamed call(HttpClient http, String base, String model, boolean includeUsage) throws Exception {
        String body = "{\"model\":\"" + model + "\",\"stream\":true," + (includeUsage ? "\"stream_options\":{\"include_usage\":true}," : "")
                + "\"messages\":[{\"role\":\"user\",\"content\":\"hello there\"}]}";
        long t0 = System.nanoTime();
        Received received = new Received();
        HttpRequest request = HttpRequest.newBuilder(URI.create(base + "/v1/chat/completions"))
                .header("Content-Type", "application/json").timeout(Duration.ofSeconds(30))
                .POST(HttpRequest.BodyPublishers.ofString(body)).build();
        HttpResponse<?> r;
        boolean cut;
        try {
            HttpResponse<CompletableFuture<Boolean>> whole = http.send(request, received::head);
            cut = whole.body().get(30, TimeUnit.SECONDS);
            r = whole;
        } catch (IOException e) {
            // a cut right after the head can fail the exchange itself: the head and the bytes before the cut stand
            if (received.head == null) {
                throw e;
            }
            r = new Head(request, received.head);
            cut = true;
        }
        List<String> data = new ArrayList<>();
        List<String> events = new ArrayList<>();
        for (String raw : received.text().split("\n", -1)) {
            String line = raw.endsWith("\r") ? raw.substring(0, raw.length() - 1) : raw;
            if (line.startsWith("data: ")) {
                data.add(line.substring(6));
            } else if (line.startsWith("event: ")) {
                events.add(line.substring(7));
            } else if (!line.isEmpty() && r.statusCode() != 200) {
                data.add(line);
            }
        }
        return new Streamed(r, data, events, cut, Duration.ofNanos(System.nanoTime() - t0).toMillis());
    }

    /** A body kept byte for byte as it arrives; its end says whether it was cut (true) or ended properly. */
    private static final class Received implements HttpResponse.BodySubscriber<CompletableFuture<Boolean>> {
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        private final CompletableFuture<Boolean> cut = new CompletableFuture<>();
        private volatile HttpResponse.ResponseInfo head;

        /** The body handler: keeps the response's head, then takes its body. */
        Received head(HttpResponse.ResponseInfo info) {
            head = info;
            return this;
        }

        @Override
        public CompletionStage<CompletableFuture<Boolean>> getBody() {
            return CompletableFuture.completedStage(cut);
        }

        @Override
        public void onSubscribe(Flow.Subscription subscription) {
            subscription.request(Long.MAX_VALUE);
        }

        @Override
        public synchronized void onNext(List<ByteBuffer> items) {
            for (ByteBuffer b : items) {
                byte[] chunk = new byte[b.remaining()];
                b.get(chunk);
                bytes.writeBytes(chunk);
            }
        }

        @Override
        public void onError(Throwable throwable) {
            cut.complete(true); // the HTTP client's word for a body that stopped before its end (no last chunk)
        }

        @Override
        public void onComplete() {
            cut.complete(false);
        }

        synchronized String text() {
            return bytes.toString(StandardCharsets.UTF_8);
        }
    }

    /** A response known by its head only, when the exchange failed after it. */
    private record Head(HttpRequest request, HttpResponse.ResponseInfo info) implements HttpResponse<Void> {
        @Override
        public int statusCode() {
            return info.statusCode();
        }

        @Override
        public Optional<HttpResponse<Void>> previousResponse() {
            return Optional.empty();
        }

        @Override
        public HttpHeaders headers() {
            return info.headers();
        }

        @Override
        public Void body() {
            return null;
        }

        @Override
        public Optional<SSLSession> sslSession() {
            return Optional.empty();
        }

        @Override
        public URI uri() {
            return request.uri();
        }

        @Override
        public HttpClient.Version version() {
            return info.version();
        }
    }
}
