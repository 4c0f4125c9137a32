package dev.llmproxy.infrastructure.upstream.bedrock;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.infrastructure.upstream.Credentials;
import dev.llmproxy.infrastructure.upstream.IssuedTokens;
import dev.llmproxy.infrastructure.upstream.KeysOrTokens;
import dev.llmproxy.domain.catalog.Provider;
import jakarta.json.JsonObject;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.AwsSessionCredentials;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.identity.spi.AwsCredentialsIdentity;
import software.amazon.awssdk.identity.spi.AwsSessionCredentialsIdentity;

import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.function.Function;

/**
 * Bedrock's two credentials. A Bedrock API key is sent as it is ({@code Authorization: Bearer}). An IAM identity
 * signs each request (SigV4): the secret's JSON ({@code accessKeyId}, {@code secretAccessKey}, optional
 * {@code sessionToken}), or, when the provider names no secret, AWS's default chain (environment, profile, container
 * and instance roles). An identity is resolved on a fetcher thread (an instance role is an HTTP call) and kept as
 * tokens are, renewed before it expires; it travels to {@link BedrockWire} behind {@link #MARK}.
 */
final class AwsIdentities {

    /** What an identity is prefixed with: a Bedrock API key is base64, so it never starts so. */
    static final String MARK = "AWS4 ";

    private AwsIdentities() {
    }

    static Credentials credentials(Function<String, Optional<String>> secrets, Executor fetchers, Clock clock) {
        return new KeysOrTokens(secrets, AwsIdentities::iam,
                new IssuedTokens("AWS identity", AwsIdentities::issuer, secrets, fetchers, clock), MARK);
    }

    /** Whether a secret's value (null: none named) is an IAM identity rather than a Bedrock API key. */
    static boolean iam(String secret) {
        return secret == null || secret.stripLeading().startsWith("{");
    }

    private static IssuedTokens.Issuer issuer(Provider provider, String secret) {
        AwsCredentialsProvider chain = secret == null ? DefaultCredentialsProvider.builder().build() : fixed(secret);
        return () -> {
            AwsCredentialsIdentity identity = chain.resolveCredentials();
            return new IssuedTokens.Token(encode(identity), identity.expirationTime().orElse(null));
        };
    }

    private static AwsCredentialsProvider fixed(String secret) {
        if (!(JsonCodec.read(secret) instanceof JsonObject keys) || keys.getString("accessKeyId", "").isBlank()
                || keys.getString("secretAccessKey", "").isBlank()) {
            throw new IllegalArgumentException("the secret is JSON without accessKeyId and secretAccessKey");
        }
        String id = keys.getString("accessKeyId");
        String key = keys.getString("secretAccessKey");
        String session = keys.getString("sessionToken", "");
        return StaticCredentialsProvider.create(session.isBlank() ? AwsBasicCredentials.create(id, key)
                : AwsSessionCredentials.create(id, key, session));
    }

    /** An identity as one line: key id, secret key and session token, apart by spaces (none of them holds one). */
    static String encode(AwsCredentialsIdentity identity) {
        String keys = identity.accessKeyId() + " " + identity.secretAccessKey();
        return identity instanceof AwsSessionCredentialsIdentity session ? keys + " " + session.sessionToken() : keys;
    }

    static AwsCredentialsIdentity decode(String line) {
        String[] parts = line.split(" ", 3);
        return parts.length == 3 ? AwsSessionCredentialsIdentity.create(parts[0], parts[1], parts[2])
                : AwsCredentialsIdentity.create(parts[0], parts[1]);
    }
}
