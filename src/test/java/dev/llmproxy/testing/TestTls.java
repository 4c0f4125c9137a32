package dev.llmproxy.testing;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.List;

/**
 * A throwaway certificate authority and a certificate it signed for {@code 127.0.0.1}/{@code localhost}, made with
 * the JDK's keytool (nothing to commit, nothing that expires in the repository), as a private CA's would be: the fake
 * upstreams and token endpoints serve the signed certificate with its chain, and whoever trusts the CA reaches them.
 * The build makes them once ({@link #main}, before the servers under test start, which are told to trust the CA
 * through {@code PROXY_TRUST_STORE}); a test run alone makes them on first use.
 */
public final class TestTls {

    /** Where the build puts them: {@code target/test-tls}. */
    public static final String DIR_PROPERTY = "it.tls.dir";
    public static final String PASSWORD = "test-only";
    /** The CA's certificate alone, as an operator's trust store holds it. */
    public static final String TRUST_STORE = "trust.p12";
    private static final String SERVER_STORE = "upstream.p12";
    private static final String CA_STORE = "ca.p12";
    private static Path dir;

    private TestTls() {
    }

    /** Makes the CA, the signed certificate and the trust store in {@code args[0]}, unless they are there. */
    public static void main(String[] args) throws Exception {
        make(Path.of(args[0]));
    }

    /** The directory holding {@link #TRUST_STORE} and the server's key, made if need be. */
    public static synchronized Path dir() throws IOException {
        if (dir == null) {
            String configured = System.getProperty(DIR_PROPERTY);
            dir = make(configured != null ? Path.of(configured) : Files.createTempDirectory("test-tls"));
        }
        return dir;
    }

    /** The fake upstream's: the signed certificate with the CA's in its chain. */
    public static synchronized SSLContext server() throws IOException, GeneralSecurityException {
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(load(dir().resolve(SERVER_STORE)), PASSWORD.toCharArray());
        SSLContext tls = SSLContext.getInstance("TLS");
        tls.init(kmf.getKeyManagers(), null, null);
        return tls;
    }

    /** A client's that trusts the test CA alone. */
    public static synchronized SSLContext client() throws IOException, GeneralSecurityException {
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(load(dir().resolve(TRUST_STORE)));
        SSLContext tls = SSLContext.getInstance("TLS");
        tls.init(null, tmf.getTrustManagers(), null);
        return tls;
    }

    private static KeyStore load(Path file) throws IOException, GeneralSecurityException {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(file)) {
            ks.load(in, PASSWORD.toCharArray());
        }
        return ks;
    }

    private static Path make(Path dir) throws IOException {
        Files.createDirectories(dir);
        Path made = dir.resolve(TRUST_STORE);
        if (Files.exists(made) && Files.getLastModifiedTime(made).toInstant()
                .isAfter(java.time.Instant.now().minus(java.time.Duration.ofDays(1)))) {
            return dir; // made by this build, or lately enough that its certificates are still valid
        }
        Files.deleteIfExists(made);
        for (String old : List.of(CA_STORE, SERVER_STORE, "ca.pem", "upstream.csr", "upstream.pem")) {
            Files.deleteIfExists(dir.resolve(old));
        }
        Path ca = dir.resolve(CA_STORE);
        Path server = dir.resolve(SERVER_STORE);
        Path caPem = dir.resolve("ca.pem");
        Path request = dir.resolve("upstream.csr");
        Path signed = dir.resolve("upstream.pem");
        keytool(dir, "-genkeypair", "-alias", "ca", "-keyalg", "RSA", "-keysize", "2048", "-validity", "3",
                "-dname", "CN=LLM Proxy Test CA", "-ext", "bc:c", "-keystore", ca.toString());
        keytool(dir, "-exportcert", "-alias", "ca", "-rfc", "-file", caPem.toString(), "-keystore", ca.toString());
        keytool(dir, "-genkeypair", "-alias", "upstream", "-keyalg", "RSA", "-keysize", "2048", "-validity", "2",
                "-dname", "CN=localhost", "-keystore", server.toString());
        keytool(dir, "-certreq", "-alias", "upstream", "-file", request.toString(), "-keystore", server.toString());
        keytool(dir, "-gencert", "-alias", "ca", "-infile", request.toString(), "-outfile", signed.toString(), "-rfc",
                "-validity", "2", "-ext", "SAN=dns:localhost,ip:127.0.0.1", "-ext", "EKU=serverAuth",
                "-keystore", ca.toString());
        keytool(dir, "-importcert", "-alias", "ca", "-file", caPem.toString(), "-noprompt", "-keystore",
                server.toString());
        keytool(dir, "-importcert", "-alias", "upstream", "-file", signed.toString(), "-keystore", server.toString());
        // written last: its presence says the rest is there
        Path trust = dir.resolve(TRUST_STORE + ".part");
        keytool(dir, "-importcert", "-alias", "test-ca", "-file", caPem.toString(), "-noprompt", "-keystore",
                trust.toString());
        Files.move(trust, dir.resolve(TRUST_STORE));
        return dir;
    }

    private static void keytool(Path dir, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "keytool")
                .toString()));
        command.addAll(List.of(args));
        command.addAll(List.of("-storetype", "PKCS12", "-storepass", PASSWORD, "-keypass", PASSWORD));
        Process keytool = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        try {
            String output = new String(keytool.getInputStream().readAllBytes());
            if (keytool.waitFor() != 0) {
                throw new IOException("keytool " + args[0] + " failed: " + output);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
    }
}
