package dev.llmproxy.it;

import dev.llmproxy.testing.OidcTestServer;
import dev.llmproxy.testing.TestTls;
import org.awaitility.core.ConditionTimeoutException;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;

import static org.awaitility.Awaitility.await;

/**
 * The proxy's WAR (the one the build made) on Payara Micro or WildFly, started the way an operator does it: with the
 * scripts and files in {@code admin/payara} and {@code admin/wildfly}, the environment variables of {@code docs/configuration.md}, and
 * nothing else. Ready once {@code /health/ready} answers 200; a server that dies first fails with its log.
 */
final class KitServer implements AutoCloseable {

    static final Path BASEDIR = Path.of(System.getProperty("it.basedir", "."));
    static final Path SERVERS = Path.of(System.getProperty("it.servers", "target/servers"));
    static final Path WAR = Path.of(System.getProperty("it.war", "target/llm-proxy.war"));
    /** The OpenID Connect test server of the smoke suites (beside the Liberty suite's). */
    static final int OIDC_PORT = Integer.getInteger("it.oidc.port", 19091) + 1;
    /** The OTLP receiver of the smoke suites (beside the Liberty suite's). */
    static final int OTLP_PORT = Integer.getInteger("it.otlp.port", 19093) + 1;
    static final String ADMIN_PASSWORD = System.getProperty("it.admin.password", "it-admin-secret");

    /** What the servers log when the WAR did not deploy, though they go on running (Payara even says "ready"). */
    private static final List<String> FAILED_DEPLOYMENT = List.of("Exception while loading the app",
            "JNDI lookup failed", "Exception while deploying", "Operation (\"deploy\") failed",
            "started (with errors)", "EclipseLink-4002");

    private final Process process;
    private final Path log;
    private final String base;

    private KitServer(List<String> command, Map<String, String> env, Path log, int port) throws IOException {
        this.log = log;
        this.base = "http://localhost:" + port;
        try (java.net.Socket taken = new java.net.Socket("127.0.0.1", port)) {
            throw new AssertionError("port " + port + " is taken (a server left running?): cannot start " + log);
        } catch (java.net.ConnectException free) {
            // nothing listens there: good
        }
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().putAll(env);
        this.process = pb.start();
        try {
            awaitReady();
        } catch (RuntimeException | Error e) {
            close();
            throw e;
        }
    }

    private void awaitReady() {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        AtomicReference<String> last = new AtomicReference<>("no answer yet");
        try {
            await("the proxy on " + log.getFileName()).atMost(Duration.ofMinutes(3))
                    .pollInterval(Duration.ofSeconds(1)).until(() -> {
                        if (!process.isAlive()) {
                            throw new AssertionError("the server stopped:\n" + tail());
                        }
                        String failed = FAILED_DEPLOYMENT.stream().filter(log()::contains).findFirst().orElse(null);
                        if (failed != null) {
                            throw new AssertionError("the deployment failed (" + failed + "):\n" + tail());
                        }
                        try {
                            HttpResponse<String> ready = http.send(HttpRequest.newBuilder(
                                            URI.create(base + "/health/ready")).timeout(Duration.ofSeconds(5)).build(),
                                    HttpResponse.BodyHandlers.ofString());
                            last.set(ready.statusCode() + " " + ready.body());
                            return ready.statusCode() == 200;
                        } catch (IOException notYet) {
                            last.set(notYet.toString()); // not listening yet, or slow to answer
                            return false;
                        }
                    });
        } catch (ConditionTimeoutException e) {
            // say what readiness last answered, so that a server that never became ready can be told from a slow one
            throw new AssertionError("the proxy on " + log.getFileName() + " was not ready within 3 minutes; "
                    + "/health/ready last: " + last.get() + "\n" + tail(), e);
        }
    }

    /** Payara Micro through {@code admin/payara/run.sh}; with a database URL, PostgreSQL. */
    static KitServer payara(String name, int port, String postgresUrl) throws IOException {
        Path dir = fresh(SERVERS.resolve(name));
        Map<String, String> env = env(port, postgresUrl);
        env.put("PROXY_DATA_DIR", dir.resolve("data").toString());
        env.put("PROXY_JDBC_DIR", SERVERS.resolve("jdbc").toString()); // postgresql.jar alone, copied by the build
        return new KitServer(List.of("bash", BASEDIR.resolve("admin/payara/run.sh").toString(),
                SERVERS.resolve("payara-micro.jar").toString(), WAR.toString()), env, dir.resolve("server.log"), port);
    }

    /**
     * A stock WildFly, prepared by {@code admin/wildfly/install.sh} and started by {@code admin/wildfly/run.sh}. Its
     * other ports move by {@code portOffset}.
     */
    static KitServer wildfly(String name, int port, int portOffset, String postgresUrl) throws IOException {
        Path home = fresh(SERVERS.resolve(name));
        copyTree(SERVERS.resolve("wildfly-" + System.getProperty("it.wildfly.version", "39.0.1.Final")), home);
        List<String> install = new ArrayList<>(List.of("bash", BASEDIR.resolve("admin/wildfly/install.sh").toString(),
                home.toString(), WAR.toString()));
        if (postgresUrl != null) {
            install.add(SERVERS.resolve("jdbc/postgresql.jar").toString());
        }
        Path installLog = SERVERS.resolve(name + "-install.log");
        try {
            int exit = new ProcessBuilder(install).redirectErrorStream(true).redirectOutput(installLog.toFile())
                    .start().waitFor();
            if (exit != 0) {
                throw new AssertionError("install.sh failed: " + Files.readString(installLog));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
        Map<String, String> env = env(port - portOffset, postgresUrl); // the offset moves the HTTP port too
        return new KitServer(List.of("bash", BASEDIR.resolve("admin/wildfly/run.sh").toString(), home.toString(),
                "-Djboss.socket.binding.port-offset=" + portOffset), env, SERVERS.resolve(name + ".log"), port);
    }

    /** The service-account key file the kit servers' {@code IT_VERTEX_KEY} names. */
    static final Path VERTEX_KEY = SERVERS.resolve("smoke-vertex-key.json");

    private static Path trustStore() {
        try {
            return TestTls.dir().resolve(TestTls.TRUST_STORE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Map<String, String> env(int port, String postgresUrl) {
        Map<String, String> env = new HashMap<>();
        env.put("PROXY_HTTP_PORT", Integer.toString(port));
        env.put("PROXY_HTTP_HOST", "127.0.0.1");
        env.put("PROXY_ADMIN_PASSWORD", ADMIN_PASSWORD);
        env.put("IT_UPSTREAM_KEY", "smoke-upstream-key");
        // the test CA of the https fakes, trusted as an operator's private CA; and the service-account key they issue
        // tokens for (written by the smoke suite before the server starts)
        env.put("PROXY_TRUST_STORE", trustStore().toString());
        env.put("PROXY_TRUST_STORE_PASSWORD", TestTls.PASSWORD);
        env.put("IT_VERTEX_KEY", VERTEX_KEY.toString());
        // single sign-on through the test provider the smoke suite starts (read from the environment, as deployed)
        env.put("PROXY_OIDC_ISSUER", "http://127.0.0.1:" + OIDC_PORT + "/" + OidcTestServer.ISSUER_ID);
        env.put("PROXY_OIDC_CLIENT_ID", "llm-proxy-it");
        env.put("PROXY_OIDC_ADMIN_GROUPS", "llm-admins");
        env.put("PROXY_OIDC_API_AUDIENCE", "llm-proxy-admin-api");
        // traces to the OTLP receiver the smoke suite starts, configured the standard way
        env.put("OTEL_EXPORTER_OTLP_ENDPOINT", "http://127.0.0.1:" + OTLP_PORT);
        env.put("OTEL_BSP_SCHEDULE_DELAY", "100");
        if (postgresUrl != null) {
            // with the parameters the runbook recommends: '=' and '&' must survive each server's configuration
            env.put("PROXY_DB_URL", postgresUrl + "?connectTimeout=2&socketTimeout=10");
            env.put("PROXY_DB_USER", "postgres");
            env.put("PROXY_DB_PASSWORD", "trust-auth-ignores-it");
        }
        return env;
    }

    String base() {
        return base;
    }

    String log() {
        try {
            return Files.readString(log);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private String tail() {
        String all = log();
        return all.substring(Math.max(0, all.length() - 6000));
    }

    /** Stops the server and whatever its scripts started (standalone.sh runs java as a child). */
    @Override
    public void close() {
        List<ProcessHandle> tree = new ArrayList<>(process.descendants().toList());
        tree.add(process.toHandle());
        tree.forEach(ProcessHandle::destroy);
        for (ProcessHandle p : tree) {
            try {
                p.onExit().get(60, java.util.concurrent.TimeUnit.SECONDS);
            } catch (Exception e) {
                p.destroyForcibly();
            }
        }
    }

    private static Path fresh(Path dir) throws IOException {
        if (Files.exists(dir)) {
            try (Stream<Path> all = Files.walk(dir)) {
                for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
        return Files.createDirectories(dir);
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> all = Files.walk(from)) {
            for (Path p : all.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target, StandardCopyOption.COPY_ATTRIBUTES, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }
}
