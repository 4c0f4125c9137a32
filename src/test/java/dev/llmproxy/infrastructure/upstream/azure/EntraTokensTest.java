package dev.llmproxy.infrastructure.upstream.azure;

import dev.llmproxy.domain.catalog.Provider;
import dev.llmproxy.domain.catalog.ProviderKind;
import dev.llmproxy.infrastructure.upstream.Credentials;
import dev.llmproxy.testing.FakeEntra;
import dev.llmproxy.testing.MutableClock;
import dev.llmproxy.testing.TestTls;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/** Azure's credential: a key as it is, or an app registration exchanged for Entra ID tokens by MSAL. */
class EntraTokensTest {

    private static final Provider AZURE = new Provider("azure", ProviderKind.AZURE_OPENAI,
            URI.create("https://res.openai.azure.com/openai/v1"), "AZURE_SECRET");

    private final ExecutorService fetchers = Executors.newFixedThreadPool(2);
    private final MutableClock clock = new MutableClock(Instant.now());
    private FakeEntra entra;

    @BeforeEach
    void start() throws Exception {
        entra = new FakeEntra();
    }

    @AfterEach
    void stop() {
        entra.close();
        fetchers.shutdownNow();
    }

    private Credentials credentials(String secretValue) throws Exception {
        return AzureCredentials.of(name -> Optional.ofNullable(Map.of("AZURE_SECRET", secretValue).get(name)),
                fetchers, clock, TestTls.client().getSocketFactory());
    }

    @Test
    void anApiKeyIsSentAsItIs() throws Exception {
        assertThat(credentials("0123456789abcdef0123456789abcdef").of(AZURE))
                .isCompletedWithValue("0123456789abcdef0123456789abcdef");
        assertThat(entra.issued()).isZero();
    }

    @Test
    void anAppRegistrationGetsABearerTokenByTheClientCredentialsGrantOnceAndKeepsIt() throws Exception {
        Credentials credentials = credentials(entra.registration(FakeEntra.CLIENT_SECRET));
        assertThat(credentials.of(AZURE).get()).isEqualTo("Bearer entra-1");
        assertThat(credentials.of(AZURE)).isCompletedWithValue("Bearer entra-1");
        assertThat(entra.grants()).singleElement().satisfies(grant -> assertThat(grant)
                .startsWith("POST /" + FakeEntra.TENANT + "/oauth2/v2.0/token grant_type=client_credentials")
                .contains("https://cognitiveservices.azure.com/.default").endsWith("client_id=" + FakeEntra.CLIENT_ID));
        clock.advance(Duration.ofMinutes(56)); // near its end: replaced in the background
        assertThat(credentials.of(AZURE)).isCompletedWithValue("Bearer entra-1");
        await().until(() -> credentials.of(AZURE).getNow("").equals("Bearer entra-2"));
        credentials.refused(AZURE, "Bearer entra-2");
        assertThat(credentials.of(AZURE).get()).isEqualTo("Bearer entra-3");
    }

    @Test
    void azuresOwnEnvironmentVariablesNameTheAppWhenTheSecretIsAzureClientSecret() throws Exception {
        Provider fromEnvironment = new Provider("azure", ProviderKind.AZURE_OPENAI,
                URI.create("https://res.openai.azure.com/openai/v1"), AzureCredentials.ENVIRONMENT_APP);
        Map<String, String> env = Map.of("AZURE_TENANT_ID", FakeEntra.TENANT, "AZURE_CLIENT_ID", FakeEntra.CLIENT_ID,
                "AZURE_CLIENT_SECRET", FakeEntra.CLIENT_SECRET, "AZURE_AUTHORITY_HOST", entra.authority());
        Credentials credentials = AzureCredentials.of(name -> Optional.ofNullable(env.get(name)), fetchers, clock,
                TestTls.client().getSocketFactory());
        assertThat(credentials.of(fromEnvironment).get()).isEqualTo("Bearer entra-1");
        // without the app's names, the variable is what it says: a value, here taken as a key
        assertThat(AzureCredentials.of(name -> Optional.ofNullable(Map.of("AZURE_CLIENT_SECRET", "k").get(name)),
                fetchers, clock, null).of(fromEnvironment)).isCompletedWithValue("k");
    }

    @Test
    void aWrongClientSecretIsUnavailableAndNeverRepeated() throws Exception {
        Credentials credentials = credentials(entra.registration("not-the-secret"));
        assertThatThrownBy(() -> credentials.of(AZURE).join()).cause().isInstanceOf(Credentials.Unavailable.class)
                .hasMessageContaining("no Entra ID token for provider azure").hasMessageNotContaining("not-the-secret");
    }

    @Test
    void aRegistrationWithoutItsTenantSaysWhatIsMissing() throws Exception {
        Credentials credentials = credentials("{\"clientId\":\"a\",\"clientSecret\":\"b\"}");
        assertThatThrownBy(() -> credentials.of(AZURE).join()).cause().hasMessageContaining("names no tenantId");
    }
}
