package dev.llmproxy.testing;

import org.awaitility.Awaitility;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A real OpenID Connect provider for the sign-in tests: NAV's mock-oauth2-server, in a process of its own with an
 * interactive login page (a user name and the claims to put in the tokens). Its own process because it brings
 * OkHttp 5 and Kotlin, where the OpenAI and Anthropic SDKs the tests also use bring OkHttp 4: the test classpath is
 * passed on without the older copies.
 */
public final class OidcTestServer implements AutoCloseable {

    public static final String ISSUER_ID = "it";
    /** Jars of the test classpath whose newer copies the provider needs instead. */
    private static final List<String> OLDER_COPIES = List.of("okhttp-4.", "okio-3.6", "logging-interceptor-4.",
            "kotlin-stdlib-jdk7-1.8", "kotlin-stdlib-jdk8-1.8");

    private final Process process;
    private final int port;

    private OidcTestServer(int port, Path log) throws IOException {
        this.port = port;
        String classpath = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(jar -> OLDER_COPIES.stream().noneMatch(old -> Path.of(jar).getFileName().toString().startsWith(old)))
                .collect(Collectors.joining(File.pathSeparator));
        ProcessBuilder pb = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx192m", "-cp", classpath, "no.nav.security.mock.oauth2.StandaloneMockOAuth2ServerKt")
                .redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().put("SERVER_HOSTNAME", "127.0.0.1");
        pb.environment().put("SERVER_PORT", Integer.toString(port));
        pb.environment().put("JSON_CONFIG", "{\"interactiveLogin\":true}");
        process = pb.start();
        HttpClient http = HttpClient.newHttpClient();
        try {
            Awaitility.await("the OpenID Connect test server").atMost(Duration.ofSeconds(60))
                    .pollInterval(Duration.ofMillis(200)).ignoreExceptions().until(() -> {
                        if (!process.isAlive()) {
                            throw new AssertionError("the OpenID Connect test server stopped: " + Files.readString(log));
                        }
                        return http.send(HttpRequest.newBuilder(URI.create(issuer() + "/.well-known/openid-configuration"))
                                .build(), HttpResponse.BodyHandlers.ofString()).statusCode() == 200;
                    });
        } catch (RuntimeException | Error e) {
            close();
            throw e;
        }
    }

    /** Starts one on this port (the proxy's deployment names its issuer, so the port is fixed), logging to the file. */
    public static OidcTestServer start(int port, Path log) throws IOException {
        Files.createDirectories(log.getParent());
        return new OidcTestServer(port, log);
    }

    public String issuer() {
        return "http://127.0.0.1:" + port + "/" + ISSUER_ID;
    }

    public int port() {
        return port;
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }
}
