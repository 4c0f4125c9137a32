package dev.llmproxy.it;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Comparator;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.awaitility.Awaitility.await;

/**
 * One more Open Liberty server of the WAR, next to the Arquillian one: built from the operator's kit
 * ({@code admin/liberty}), configured only through environment variables as an operator would, started and stopped
 * with Liberty's own {@code server} script. For tests that need several instances or another deployment mode.
 */
final class LibertyInstance implements AutoCloseable {

    private final Path wlp;
    private final String name;
    private final int httpPort;
    private final Map<String, String> environment;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    /**
     * @param jdbcDriver the one JDBC driver jar this server gets
     * @param environment PROXY_* variables (ports are added)
     */
    LibertyInstance(String name, int httpPort, Path jdbcDriver, Map<String, String> environment) throws IOException {
        this.wlp = Path.of(System.getProperty("liberty.wlpHome", "target/liberty/wlp"));
        this.name = name;
        this.httpPort = httpPort;
        this.environment = new java.util.HashMap<>(environment);
        this.environment.put("PROXY_HTTP_PORT", Integer.toString(httpPort));
        this.environment.put("PROXY_HTTPS_PORT", Integer.toString(httpPort + 1000));
        Path dir = wlp.resolve("usr/servers").resolve(name);
        deleteTree(dir);
        Files.createDirectories(dir.resolve("jdbc"));
        Files.createDirectories(dir.resolve("dropins"));
        Files.copy(Path.of("admin/liberty/server.xml"), dir.resolve("server.xml"));
        Files.writeString(dir.resolve("jvm.options"), Files.readString(Path.of("admin/liberty/jvm.options"))
                + "\n-Xmx384m\n-XX:+TieredCompilation\n-XX:TieredStopAtLevel=1\n");
        Files.copy(jdbcDriver, dir.resolve("jdbc").resolve(jdbcDriver.getFileName()));
        Files.copy(Path.of(System.getProperty("it.war", "target/llm-proxy.war")), dir.resolve("dropins/llm-proxy.war"),
                StandardCopyOption.REPLACE_EXISTING);
    }

    String base() {
        return "http://localhost:" + httpPort;
    }

    /**
     * Starts the server and waits until the application answers (ready or not): the server answers 404 for it until
     * the application has started, while its own health endpoint already answers.
     */
    LibertyInstance start() throws IOException, InterruptedException {
        run("start");
        await().atMost(Duration.ofMinutes(3)).pollInterval(Duration.ofMillis(500)).ignoreExceptions()
                .until(() -> get("/v1/models").statusCode() != 404);
        return this;
    }

    HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(URI.create(base() + path)).GET());
    }

    HttpResponse<String> send(HttpRequest.Builder request) throws IOException, InterruptedException {
        return http.send(request.timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private void run(String action) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(wlp.resolve("bin/server").toString(), action, name)
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD);
        pb.environment().putAll(environment);
        Process p = pb.start();
        if (!p.waitFor(3, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new IOException("server " + action + " " + name + " did not finish");
        }
    }

    /** Kills the server's JVM at once, as a crash or an out-of-memory kill would: nothing in flight is finished. */
    void kill() throws IOException {
        long pid = Long.parseLong(Files.readString(wlp.resolve("usr/servers/.pid").resolve(name + ".pid")).trim());
        ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
        await().atMost(Duration.ofSeconds(30)).until(() -> ProcessHandle.of(pid).map(h -> !h.isAlive()).orElse(true));
    }

    @Override
    public void close() throws IOException, InterruptedException {
        run("stop");
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
