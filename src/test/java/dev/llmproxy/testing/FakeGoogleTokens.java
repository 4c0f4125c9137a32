package dev.llmproxy.testing;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Signature;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Google's OAuth token endpoint as a service account meets it: it takes the signed assertion of the JWT bearer grant,
 * checks its signature against the key it issued (with {@link #keyJson()}), its issuer, its audience (Google's token
 * endpoint, whichever address the key names) and scope, and answers
 * {@code tok-1}, {@code tok-2}... valid for {@link #expiresIn} seconds; or refuses ({@code invalid_grant}) or hangs
 * when told to. Every key it issues points its {@code token_uri} here. Served over https with a certificate of the
 * test CA ({@link TestTls}), as Google's is with a public CA's: a client that trusts only its server's own key fails.
 */
public final class FakeGoogleTokens implements AutoCloseable {

    public static final String CLIENT_EMAIL = "proxy@test-project.iam.gserviceaccount.com";

    private final HttpsServer server;
    private final KeyPair keys;
    private final AtomicInteger issued = new AtomicInteger();
    private final List<String> refusals = new CopyOnWriteArrayList<>();
    private final CountDownLatch released = new CountDownLatch(1);
    /** Seconds each token is valid for. */
    public volatile int expiresIn = 3600;
    /**
     * The time of the proxy under test, when it is not the machine's: Google's client dates a token's end by the
     * machine's clock, so the lifetime answered is shifted to make it end {@link #expiresIn} after this clock's now.
     */
    public volatile java.time.Clock clock;
    /** Refuse every grant (as for a deleted key). */
    public volatile boolean refuse;
    /** Hold every grant until {@link #close()}. */
    public volatile boolean hang;

    public FakeGoogleTokens() throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(2048);
        keys = generator.generateKeyPair();
        server = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 50);
        server.setHttpsConfigurator(new HttpsConfigurator(TestTls.server()));
        server.createContext("/token", this::grant);
        server.start();
    }

    public String tokenUri() {
        return "https://localhost:" + server.getAddress().getPort() + "/token";
    }

    /** Tokens issued so far. */
    public int issued() {
        return issued.get();
    }

    /** Why grants were refused (a bad signature, issuer or audience), for assertions. */
    public List<String> refusals() {
        return refusals;
    }

    /** A service-account key as Google issues it, for project {@code test-project}, whose tokens come from here. */
    public String keyJson() {
        String pem = "-----BEGIN PRIVATE KEY-----\\n"
                + Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(keys.getPrivate().getEncoded())
                        .replace("\n", "\\n")
                + "\\n-----END PRIVATE KEY-----\\n";
        return "{\"type\":\"service_account\",\"project_id\":\"test-project\",\"private_key_id\":\"k1\","
                + "\"private_key\":\"" + pem + "\",\"client_email\":\"" + CLIENT_EMAIL + "\",\"client_id\":\"1\","
                + "\"token_uri\":\"" + tokenUri() + "\"}";
    }

    /** {@link #keyJson()} written to {@code file}, as {@code GOOGLE_APPLICATION_CREDENTIALS} would name it. */
    public Path writeKey(Path file) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        return Files.writeString(file, keyJson(), StandardCharsets.UTF_8);
    }

    private void grant(HttpExchange exchange) throws IOException {
        try (exchange) {
            String form = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            if (hang) {
                released.await();
            }
            String assertion = null;
            for (String pair : form.split("&")) {
                if (pair.startsWith("assertion=")) {
                    assertion = URLDecoder.decode(pair.substring("assertion=".length()), StandardCharsets.UTF_8);
                }
            }
            String why = refuse ? "the key was deleted" : check(assertion);
            if (why != null) {
                refusals.add(why);
                JsonAnswer.send(exchange, 400, "{\"error\":\"invalid_grant\",\"error_description\":\"" + why + "\"}");
                return;
            }
            long shift = clock == null ? 0
                    : java.time.Duration.between(java.time.Instant.now(), clock.instant()).toSeconds();
            JsonAnswer.send(exchange, 200, "{\"access_token\":\"tok-" + issued.incrementAndGet() + "\",\"expires_in\":"
                    + (expiresIn + shift) + ",\"token_type\":\"Bearer\"}");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Null when the assertion is signed by the issued key, from the service account, for this endpoint. */
    private String check(String assertion) {
        if (assertion == null) {
            return "no assertion";
        }
        String[] parts = assertion.split("\\.");
        try {
            Signature rs256 = Signature.getInstance("SHA256withRSA");
            rs256.initVerify(keys.getPublic());
            rs256.update((parts[0] + "." + parts[1]).getBytes(StandardCharsets.US_ASCII));
            if (!rs256.verify(Base64.getUrlDecoder().decode(parts[2]))) {
                return "Invalid JWT Signature.";
            }
        } catch (Exception e) {
            return "unreadable assertion: " + e;
        }
        String claims = new String(Base64.getUrlDecoder().decode(parts[1]), StandardCharsets.UTF_8);
        if (!claims.contains("\"iss\":\"" + CLIENT_EMAIL + "\"")) {
            return "wrong issuer: " + claims;
        }
        if (!claims.contains("\"aud\":\"https://oauth2.googleapis.com/token\"")) {
            return "wrong audience: " + claims;
        }
        return claims.contains("cloud-platform") ? null : "no cloud-platform scope: " + claims;
    }


    @Override
    public void close() {
        released.countDown();
        server.stop(0);
    }
}
