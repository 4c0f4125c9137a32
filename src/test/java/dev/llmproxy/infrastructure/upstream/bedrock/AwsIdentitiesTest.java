package dev.llmproxy.infrastructure.upstream.bedrock;

import dev.llmproxy.domain.catalog.Provider;
import dev.llmproxy.domain.catalog.ProviderKind;
import dev.llmproxy.infrastructure.upstream.Credentials;
import dev.llmproxy.testing.MutableClock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.identity.spi.AwsSessionCredentialsIdentity;

import java.net.URI;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Bedrock's credentials: a key as it is, an IAM identity from the secret or AWS's default chain, never in a message. */
class AwsIdentitiesTest {

    private static final Provider KEYED = new Provider("bedrock", ProviderKind.BEDROCK,
            URI.create("https://bedrock-runtime.us-east-1.amazonaws.com"), "AWS_SECRET");
    private static final Provider CHAIN = new Provider("bedrock-chain", ProviderKind.BEDROCK,
            URI.create("https://bedrock-runtime.us-east-1.amazonaws.com"), null);
    private final ExecutorService fetchers = Executors.newSingleThreadExecutor();
    private final MutableClock clock = new MutableClock(Instant.parse("2026-12-03T10:00:00Z"));

    @AfterEach
    void stop() {
        fetchers.shutdownNow();
        System.clearProperty("aws.accessKeyId");
        System.clearProperty("aws.secretAccessKey");
    }

    private Credentials credentials(String secret) {
        return AwsIdentities.credentials(name -> Optional.ofNullable(Map.of("AWS_SECRET", secret).get(name)), fetchers, clock);
    }

    @Test
    void aBedrockApiKeyIsSentAsItIs() {
        assertThat(credentials("ABSKQmVkcm9ja0FQSUtleQ==").of(KEYED)).isCompletedWithValue("ABSKQmVkcm9ja0FQSUtleQ==");
    }

    @Test
    void anAccessKeyAsJsonIsAnIdentityThatSignsWithItsSessionToken() {
        String line = credentials("{\"accessKeyId\":\"AKID1\",\"secretAccessKey\":\"s3cr3t/key\",\"sessionToken\":\"tok\"}")
                .of(KEYED).join();
        assertThat(line).startsWith(AwsIdentities.MARK);
        assertThat(AwsIdentities.decode(line.substring(AwsIdentities.MARK.length())))
                .isInstanceOfSatisfying(AwsSessionCredentialsIdentity.class, id -> {
                    assertThat(id.accessKeyId()).isEqualTo("AKID1");
                    assertThat(id.secretAccessKey()).isEqualTo("s3cr3t/key");
                    assertThat(id.sessionToken()).isEqualTo("tok");
                });
    }

    @Test
    void withoutASecretTheDefaultChainFindsTheMachinesIdentityOnceAndKeepsIt() {
        System.setProperty("aws.accessKeyId", "AKIDCHAIN");
        System.setProperty("aws.secretAccessKey", "chain-secret");
        Credentials credentials = credentials("unused");
        String first = credentials.of(CHAIN).join();
        assertThat(first).isEqualTo(AwsIdentities.MARK + "AKIDCHAIN chain-secret");
        System.setProperty("aws.accessKeyId", "AKIDOTHER");
        assertThat(credentials.of(CHAIN).join()).isEqualTo(first); // kept: it names no expiry
        credentials.refused(CHAIN, first); // AWS no longer accepts it: found again
        assertThat(credentials.of(CHAIN).join()).isEqualTo(AwsIdentities.MARK + "AKIDOTHER chain-secret");
    }

    @Test
    void jsonWithoutKeysIsUnavailableAndTheMessageNeverRepeatsTheSecret() {
        String secret = "{\"accessKeyId\":\"AKID-VISIBLE-ONLY-HERE\"}";
        assertThatThrownBy(() -> credentials(secret).of(KEYED).join())
                .hasCauseInstanceOf(Credentials.Unavailable.class)
                .hasMessageContaining("accessKeyId and secretAccessKey")
                .hasMessageNotContaining("AKID-VISIBLE-ONLY-HERE");
    }
}
