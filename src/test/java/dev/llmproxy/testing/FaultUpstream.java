package dev.llmproxy.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An OpenAI-compatible upstream on a raw socket, scripted per model name, that can fail in ways an HTTP framework
 * cannot: reset or close before headers, hang, cut a body short. Speaks HTTP/1.1 with keep-alive. It stands in for
 * Gemini's own API and Vertex AI too: a request to {@code .../models/{model}:generateContent} (or
 * {@code :streamGenerateContent}, {@code :rawPredict}, {@code :streamRawPredict}) is scripted by the model in its path, and its {@code x-goog-api-key} is recorded as its authorization.
 * Bedrock's Converse ({@code /model/{id}/converse}, {@code /converse-stream}) and InvokeModel ({@code /invoke},
 * {@code /invoke-with-response-stream}) are scripted by the model id in their path.
 */
public final class FaultUpstream implements AutoCloseable {

    /** What the upstream does with one request. */
    @FunctionalInterface
    public interface Action {
        /** @return false when the connection is finished (closed or reset) */
        boolean respond(String model, InputStream in, OutputStream out, Socket socket) throws Exception;
    }

    private static final Pattern MODEL = Pattern.compile("\"model\"\\s*:\\s*\"([^\"]+)\"");
    private static final Pattern GEMINI_PATH = Pattern.compile(
            "/models/([^/:]+):(generateContent|streamGenerateContent|batchEmbedContents|rawPredict|streamRawPredict)");
    /** Bedrock's Converse and InvokeModel: the model id is one escaped path segment. */
    private static final Pattern BEDROCK_PATH = Pattern.compile(
            "/model/([^/]+)/(converse|converse-stream|invoke|invoke-with-response-stream)$");

    private final ServerSocket server;
    private final ExecutorService connections = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "fault-upstream");
        t.setDaemon(true);
        return t;
    });
    private final ScheduledExecutorService delays = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "fault-upstream-delay");
        t.setDaemon(true);
        return t;
    });
    private final Map<String, Deque<Action>> scripts = new ConcurrentHashMap<>();
    private final Map<String, AtomicInteger> calls = new ConcurrentHashMap<>();
    private final Map<String, List<String>> authorizations = new ConcurrentHashMap<>();
    private final AtomicInteger hangsAbandonedByClient = new AtomicInteger();
    private final AtomicInteger accepted = new AtomicInteger();
    private final AtomicInteger closed = new AtomicInteger();
    private final AtomicInteger streamsAbandoned = new AtomicInteger();
    private final Map<String, String> lastBodies = new ConcurrentHashMap<>();
    private final Map<String, String> targets = new ConcurrentHashMap<>();
    private final Map<String, Map<String, String>> lastHeaders = new ConcurrentHashMap<>();

    private final String scheme;

    public FaultUpstream(int port) throws IOException {
        this(port, null);
    }

    /** Over TLS when {@code tls} is given (see {@link TestTls}), so the https transport meets the same faults. */
    public FaultUpstream(int port, javax.net.ssl.SSLContext tls) throws IOException {
        server = tls == null ? new ServerSocket(port, 200, InetAddress.getLoopbackAddress())
                : tls.getServerSocketFactory().createServerSocket(port, 200, InetAddress.getLoopbackAddress());
        scheme = tls == null ? "http" : "https";
        connections.execute(this::acceptLoop);
    }

    public int port() {
        return server.getLocalPort();
    }

    public String baseUrl() {
        return scheme + "://127.0.0.1:" + port() + "/v1";
    }

    /** Scripts a model: actions are used in order, and the last one repeats. */
    public FaultUpstream on(String model, Action... actions) {
        scripts.put(model, new ArrayDeque<>(List.of(actions)));
        calls.put(model, new AtomicInteger());
        return this;
    }

    public int calls(String model) {
        AtomicInteger n = calls.get(model);
        return n == null ? 0 : n.get();
    }

    public List<String> authorizations(String model) {
        return authorizations.getOrDefault(model, List.of());
    }

    /** The body of the last request for {@code model}, or null. */
    public String lastBody(String model) {
        return lastBodies.get(model);
    }

    /** The headers (names in lower case) of the last request for {@code model}, or an empty map. */
    public Map<String, String> lastHeaders(String model) {
        return lastHeaders.getOrDefault(model, Map.of());
    }

    /** The request target (path and query) of the last request for {@code model}, or null. */
    public String lastTarget(String model) {
        return targets.get(model);
    }

    /** Streams whose client (the proxy) closed the connection while events were still being sent. */
    public int streamsAbandonedByClient() {
        return streamsAbandoned.get();
    }

    /** TCP connections accepted so far. */
    /** Connections this upstream has closed (or seen closed) so far. */
    public int connectionsClosed() {
        return closed.get();
    }

    public int connectionsAccepted() {
        return accepted.get();
    }

    /** Hanging requests whose client (the proxy) closed the connection. */
    public int hangsAbandonedByClient() {
        return hangsAbandonedByClient.get();
    }

    private Action next(String model) {
        Deque<Action> script = scripts.get(model);
        if (script == null) {
            return status(404, "{\"error\":{\"message\":\"model " + model + " is not scripted\"}}");
        }
        synchronized (script) {
            return script.size() > 1 ? script.poll() : script.peek();
        }
    }

    private void acceptLoop() {
        while (!server.isClosed()) {
            try {
                Socket socket = server.accept();
                accepted.incrementAndGet();
                connections.execute(() -> serve(socket));
            } catch (IOException e) {
                return;
            }
        }
    }

    private void serve(Socket socket) {
        try (socket; InputStream in = socket.getInputStream(); OutputStream out = socket.getOutputStream()) {
            while (true) {
                Map<String, String> headers = new LinkedHashMap<>();
                if (!RawHttp.readHead(in, headers)) {
                    return;
                }
                int length = Integer.parseInt(headers.getOrDefault("content-length", "0"));
                String body = new String(in.readNBytes(length), StandardCharsets.UTF_8);
                Matcher path = GEMINI_PATH.matcher(headers.getOrDefault(":target", ""));
                Matcher bedrock = BEDROCK_PATH.matcher(headers.getOrDefault(":target", ""));
                Matcher m = MODEL.matcher(body);
                String model = path.find() ? path.group(1)
                        : bedrock.find() ? java.net.URLDecoder.decode(bedrock.group(1), StandardCharsets.UTF_8)
                        : m.find() ? m.group(1) : "";
                calls.computeIfAbsent(model, k -> new AtomicInteger()).incrementAndGet();
                targets.put(model, headers.getOrDefault(":target", ""));
                lastHeaders.put(model, Map.copyOf(headers));
                authorizations.computeIfAbsent(model, k -> new java.util.concurrent.CopyOnWriteArrayList<>())
                        .add(headers.getOrDefault("authorization", headers.getOrDefault("x-goog-api-key",
                                headers.getOrDefault("x-api-key", headers.getOrDefault("api-key", "")))));
                lastBodies.put(model, body);
                if (!next(model).respond(model, in, out, socket)) {
                    return;
                }
            }
        } catch (Exception e) {
            // the client went away: nothing to do
        } finally {
            closed.incrementAndGet();
        }
    }

    // ---- actions -------------------------------------------------------------------------------------------

    public static Action ok() {
        return ok("stop");
    }

    public static Action ok(String finishReason) {
        return (model, in, out, socket) -> {
            RawHttp.writeResponse(out, 200, Map.of(), OpenAiBodies.completion(model, "answer from " + model, finishReason).getBytes(StandardCharsets.UTF_8));
            return true;
        };
    }

    /** A complete answer carrying {@code headers} (a provider's rate-limit headers, say). */
    public static Action okWith(Map<String, String> headers) {
        return (model, in, out, socket) -> {
            RawHttp.writeResponse(out, 200, headers, OpenAiBodies.completion(model, "answer from " + model, "stop")
                    .getBytes(StandardCharsets.UTF_8));
            return true;
        };
    }

    public static Action status(int status, String body) {
        return status(status, Map.of(), body);
    }

    public static Action status(int status, Map<String, String> headers, String body) {
        return (model, in, out, socket) -> {
            RawHttp.writeResponse(out, status, headers, body.getBytes(StandardCharsets.UTF_8));
            return true;
        };
    }

    public static Action status(int status) {
        return status(status, "{\"error\":{\"message\":\"secret provider detail " + status + "\"}}");
    }

    /**
     * Answers an embeddings request with vectors of {@code dimensions} (or as asked), marked with {@code seed};
     * {@code drop} vectors short of one per input, as a provider that answers short would.
     */
    public Action embeddings(int dimensions, float seed, int drop) {
        return (model, in, out, socket) -> {
            String body = EmbeddingBodies.openAi(lastBody(model), model, dimensions, seed, drop);
            RawHttp.writeResponse(out, 200, Map.of(), body.getBytes(StandardCharsets.UTF_8));
            return true;
        };
    }

    /** Answers a Gemini {@code batchEmbedContents} request. */
    public Action geminiEmbeddings(int dimensions, float seed) {
        return (model, in, out, socket) -> {
            String body = EmbeddingBodies.gemini(lastBody(model), dimensions, seed);
            RawHttp.writeResponse(out, 200, Map.of(), body.getBytes(StandardCharsets.UTF_8));
            return true;
        };
    }

    /** Answers after a delay; the connection waits (as a slow upstream would). */
    public Action delayed(long millis, Action then) {
        return (model, in, out, socket) -> {
            delays.schedule(() -> null, millis, TimeUnit.MILLISECONDS).get();
            return then.respond(model, in, out, socket);
        };
    }

    /** Answers once {@code gate} opens (at most 30 s later): a call the test holds in flight. */
    public static Action heldUntil(java.util.concurrent.CompletableFuture<Void> gate, Action then) {
        return (model, in, out, socket) -> {
            gate.get(30, TimeUnit.SECONDS);
            return then.respond(model, in, out, socket);
        };
    }

    /** Never answers; waits until the client closes the connection and counts that. */
    public Action hang() {
        return (model, in, out, socket) -> {
            while (in.read() != -1) {
                // discard
            }
            hangsAbandonedByClient.incrementAndGet();
            return false;
        };
    }

    /** TCP reset before any response byte. */
    public static Action reset() {
        return (model, in, out, socket) -> {
            socket.setSoLinger(true, 0);
            socket.close();
            return false;
        };
    }

    /** A 200 whose body stops halfway, then the connection closes. */
    public static Action cutBody() {
        return (model, in, out, socket) -> {
            byte[] body = OpenAiBodies.completion(model, "this answer will be cut", "stop").getBytes(StandardCharsets.UTF_8);
            String head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: " + body.length + "\r\n\r\n";
            out.write(head.getBytes(StandardCharsets.ISO_8859_1));
            out.write(body, 0, body.length / 2);
            out.flush();
            return false;
        };
    }

    /** Writes {@code response} verbatim as the whole answer; then keeps the connection or closes it. */
    public static Action raw(String response, boolean keepOpen) {
        return (model, in, out, socket) -> {
            out.write(response.getBytes(StandardCharsets.UTF_8));
            out.flush();
            return keepOpen;
        };
    }

    /** A complete 200, then the connection closes without a {@code Connection: close} warning. */
    public static Action okThenClose() {
        return (model, in, out, socket) -> {
            ok().respond(model, in, out, socket);
            return false;
        };
    }

    /**
     * Reads the request and closes the connection without a byte of answer: what a keep-alive connection looks like
     * when the upstream closed it just as the client reused it.
     */
    public static Action closeWithoutAnswer() {
        return (model, in, out, socket) -> false;
    }

    /** How a scripted stream ends. */
    public enum Ending {
        /** {@code data: [DONE]}, then the end of the chunked body. */
        DONE,
        /** The end of the chunked body without {@code [DONE]}. */
        NO_DONE,
        /** The connection closes mid-body (no terminating chunk): a cut. */
        CUT,
        /** Nothing more, the connection held open until the client gives up: a stall. */
        STALL
    }

    /**
     * A 200 {@code text/event-stream} sending each data event (as a chunk of its own) {@code gapMillis} apart, the
     * first one {@code firstDelayMillis} after the headers, then ending as {@code ending} says.
     */
    public Action stream(long firstDelayMillis, long gapMillis, Ending ending, String... dataEvents) {
        return stream("\n", firstDelayMillis, gapMillis, ending, dataEvents);
    }

    /** As {@link #stream}, each event's lines ending in CRLF, as some providers send them. */
    public Action streamCrlf(long firstDelayMillis, long gapMillis, Ending ending, String... dataEvents) {
        return stream("\r\n", firstDelayMillis, gapMillis, ending, dataEvents);
    }

    private Action stream(String eol, long firstDelayMillis, long gapMillis, Ending ending, String... dataEvents) {
        return (model, in, out, socket) -> {
            out.write(("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n")
                    .getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            try {
                for (int i = 0; i < dataEvents.length; i++) {
                    pause(i == 0 ? firstDelayMillis : gapMillis);
                    // an "event" starting with ':' is a comment line, as providers send to keep a stream open
                    String line = dataEvents[i].startsWith(":") ? dataEvents[i] : "data: " + dataEvents[i];
                    RawHttp.writeChunk(out, line + eol + eol);
                }
            } catch (IOException e) {
                streamsAbandoned.incrementAndGet();
                throw e;
            }
            switch (ending) {
                case DONE -> {
                    RawHttp.writeChunk(out, "data: [DONE]\n\n");
                    out.write("0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
                    out.flush();
                    return true;
                }
                case NO_DONE -> {
                    out.write("0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
                    out.flush();
                    return true;
                }
                case CUT -> {
                    return false;
                }
                default -> {
                    while (in.read() != -1) {
                        // hold the connection open, silent, until the client closes it
                    }
                    hangsAbandonedByClient.incrementAndGet();
                    return false;
                }
            }
        };
    }

    /**
     * A 200 {@code application/vnd.amazon.eventstream}, as Bedrock's ConverseStream answers: each frame (see
     * {@link AwsFrames}) split in two chunks mid-frame, {@code gapMillis} apart, then ending as {@code ending} says
     * ({@code DONE} and {@code NO_DONE} alike end the body: the event stream has no end marker).
     */
    public Action eventStream(long gapMillis, Ending ending, byte[]... frames) {
        return (model, in, out, socket) -> {
            out.write(("HTTP/1.1 200 OK\r\nContent-Type: application/vnd.amazon.eventstream\r\n"
                    + "Transfer-Encoding: chunked\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            try {
                for (int i = 0; i < frames.length; i++) {
                    pause(i == 0 ? 0 : gapMillis);
                    int half = frames[i].length / 2;
                    RawHttp.writeChunk(out, java.util.Arrays.copyOfRange(frames[i], 0, half));
                    RawHttp.writeChunk(out, java.util.Arrays.copyOfRange(frames[i], half, frames[i].length));
                }
            } catch (IOException e) {
                streamsAbandoned.incrementAndGet();
                throw e;
            }
            if (ending == Ending.CUT) {
                return false;
            }
            if (ending == Ending.STALL) {
                while (in.read() != -1) {
                    // hold the connection open, silent, until the client closes it
                }
                hangsAbandonedByClient.incrementAndGet();
                return false;
            }
            out.write("0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            return true;
        };
    }

    private void pause(long millis) throws Exception {
        if (millis > 0) {
            delays.schedule(() -> null, millis, TimeUnit.MILLISECONDS).get();
        }
    }

    /** A complete 200 whose body is not a completion. */
    public static Action malformed() {
        return status(200, "{\"choices\": \"not a list\"");
    }

    @Override
    public void close() throws IOException {
        server.close();
        connections.shutdownNow();
        delays.shutdownNow();
    }
}
