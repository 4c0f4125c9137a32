package dev.llmproxy.infrastructure.upstream.http;

import dev.llmproxy.testing.TestTls;
import org.junit.jupiter.api.Test;

import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.Collections;
import java.util.concurrent.CompletableFuture;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Outbound https trusts the JDK's CA set, and a private CA only when the operator's trust store holds it; a store
 * that cannot be read is refused with its name rather than trusted as empty.
 */
class OutboundTrustTest {

    @Test
    void theJdksCaSetIsTrustedWithoutAnyConfiguration() throws Exception {
        KeyStore anchors = OutboundTrust.of(null, null).anchors();

        assertThat(Collections.list(anchors.aliases())).hasSizeGreaterThan(50)
                .allMatch(alias -> alias.startsWith("jdk-"));
    }

    @Test
    void aServerOfAPrivateCaIsReachedOnlyWithTheOperatorsTrustStore() throws Exception {
        Path store = TestTls.dir().resolve(TestTls.TRUST_STORE);

        assertThat(handshake(OutboundTrust.of(store, TestTls.PASSWORD))).isTrue();
        assertThatThrownBy(() -> handshake(OutboundTrust.of(null, null))).isInstanceOf(SSLHandshakeException.class);
    }

    @Test
    void aTrustStoreThatCannotBeReadIsNamed() {
        Path missing = Path.of("no-such-store.p12");

        assertThatThrownBy(() -> OutboundTrust.of(missing, null)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("no-such-store.p12");
    }

    /** A TLS handshake with a server presenting the test CA's certificate for localhost. */
    private static boolean handshake(OutboundTrust trust) throws Exception {
        try (SSLServerSocket server = (SSLServerSocket) TestTls.server().getServerSocketFactory()
                .createServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            CompletableFuture<Void> accepted = CompletableFuture.runAsync(() -> {
                try (SSLSocket s = (SSLSocket) server.accept()) {
                    s.startHandshake();
                } catch (IOException e) {
                    // the client refused the certificate: its side says why
                }
            });
            try (SSLSocket client = (SSLSocket) trust.socketFactory().createSocket("localhost", server.getLocalPort())) {
                client.startHandshake();
                return true;
            } finally {
                accepted.join();
            }
        }
    }
}
