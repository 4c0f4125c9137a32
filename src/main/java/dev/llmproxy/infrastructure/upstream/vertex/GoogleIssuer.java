package dev.llmproxy.infrastructure.upstream.vertex;

import com.google.api.client.http.javanet.NetHttpTransport;
import com.google.auth.http.HttpTransportFactory;
import com.google.auth.oauth2.AccessToken;
import com.google.auth.oauth2.GoogleCredentials;
import com.google.auth.oauth2.ServiceAccountCredentials;
import dev.llmproxy.infrastructure.upstream.IssuedTokens;

import javax.net.ssl.SSLSocketFactory;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Google Cloud access tokens for Vertex AI, by Google's own library: from the service-account key the provider's
 * secret holds (the key file's path, as {@code GOOGLE_APPLICATION_CREDENTIALS} holds it, or the key's JSON itself),
 * else from the machine's Application Default Credentials.
 */
public final class GoogleIssuer implements IssuedTokens.Issuer {

    static final String SCOPE = "https://www.googleapis.com/auth/cloud-platform";

    private final GoogleCredentials credentials;

    private GoogleIssuer(GoogleCredentials credentials) {
        this.credentials = credentials;
    }

    /**
     * The issuers for Vertex providers, whose token calls trust {@code tls} (the deployment's outbound trust).
     * Each reads its provider's key (a file, or the JSON itself); none named: the machine's default credentials.
     */
    public static IssuedTokens.Issuers issuers(SSLSocketFactory tls) {
        HttpTransportFactory transport = () -> new NetHttpTransport.Builder().setSslSocketFactory(tls).build();
        return (provider, secret) -> of(secret, transport);
    }

    private static GoogleIssuer of(String secret, HttpTransportFactory transport) throws IOException {
        if (secret == null) {
            return new GoogleIssuer(GoogleCredentials.getApplicationDefault(transport).createScoped(SCOPE));
        }
        try (InputStream key = secret.stripLeading().startsWith("{")
                ? new ByteArrayInputStream(secret.getBytes(StandardCharsets.UTF_8))
                : Files.newInputStream(Path.of(secret.strip()))) {
            return new GoogleIssuer(ServiceAccountCredentials.fromStream(key, transport).createScoped(SCOPE));
        }
    }

    @Override
    public IssuedTokens.Token issue() throws IOException {
        credentials.refresh();
        AccessToken token = credentials.getAccessToken();
        return token == null ? null : new IssuedTokens.Token(token.getTokenValue(),
                token.getExpirationTime() == null ? null : token.getExpirationTime().toInstant());
    }
}
