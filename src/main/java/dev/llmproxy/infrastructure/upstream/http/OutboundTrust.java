package dev.llmproxy.infrastructure.upstream.http;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.TrustManagerFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.util.Collections;

/**
 * Whom the proxy's outbound https trusts: the JDK's CA set, and an operator's trust store when one is given
 * ({@code PROXY_TRUST_STORE}, for a private CA or a TLS-inspecting corporate proxy). Every outbound https call takes
 * it, whatever client makes it (provider calls, token endpoints, single sign-on), and never the server's default SSL
 * context: on Open Liberty with {@code transportSecurity-1.0} that is Liberty's own, which trusts only the server's
 * self-signed key, so a provider or a token endpoint with a public certificate would never be reached.
 */
public final class OutboundTrust {

    private final KeyStore anchors;
    private final SSLContext context;

    private OutboundTrust(KeyStore anchors) throws GeneralSecurityException {
        this.anchors = anchors;
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(anchors);
        context = SSLContext.getInstance("TLS");
        context.init(null, tmf.getTrustManagers(), null);
    }

    /**
     * The JDK's CAs ({@code $JAVA_HOME/lib/security/jssecacerts}, else {@code cacerts}) and those of {@code extra}.
     *
     * @param extra    the operator's trust store (PKCS12 or JKS), or null
     * @param password its password, or null (reading certificates needs none)
     * @throws IllegalStateException naming the store that cannot be read
     */
    public static OutboundTrust of(Path extra, String password) {
        try {
            KeyStore anchors = KeyStore.getInstance(KeyStore.getDefaultType());
            anchors.load(null, null);
            Path security = Path.of(System.getProperty("java.home"), "lib", "security");
            Path jdk = Files.exists(security.resolve("jssecacerts")) ? security.resolve("jssecacerts")
                    : security.resolve("cacerts");
            copy(jdk, null, "jdk-", anchors);
            if (extra != null) {
                copy(extra, password, "operator-", anchors);
            }
            return new OutboundTrust(anchors);
        } catch (IOException | GeneralSecurityException | IllegalArgumentException e) {
            throw new IllegalStateException("The trust store for outbound https cannot be read ("
                    + (extra == null ? "the JDK's CA set" : extra) + "): " + e.getMessage(), e);
        }
    }

    private static void copy(Path file, String password, String prefix, KeyStore into)
            throws IOException, GeneralSecurityException {
        KeyStore store = KeyStore.getInstance(file.toFile(), password == null ? null : password.toCharArray());
        for (String alias : Collections.list(store.aliases())) {
            Certificate certificate = store.getCertificate(alias);
            if (certificate != null) {
                into.setCertificateEntry(prefix + alias, certificate);
            }
        }
    }

    public SSLContext context() {
        return context;
    }

    public SSLSocketFactory socketFactory() {
        return context.getSocketFactory();
    }

    /** The certificates trusted, for a client that takes a key store rather than a context. */
    public KeyStore anchors() {
        return anchors;
    }
}
