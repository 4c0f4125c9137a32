package dev.llmproxy.infrastructure.upstream.vertex;

import dev.llmproxy.domain.catalog.Provider;
import dev.llmproxy.domain.catalog.ProviderKind;
import dev.llmproxy.infrastructure.upstream.Credentials;
import dev.llmproxy.infrastructure.upstream.IssuedTokens;
import dev.llmproxy.infrastructure.upstream.http.OutboundTrust;
import dev.llmproxy.testing.FakeGoogleTokens;
import dev.llmproxy.testing.MutableClock;
import dev.llmproxy.testing.TestTls;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/** Access tokens from a service-account key against a token endpoint that checks the signed grant. */
class GoogleTokensTest {

    private static final Provider VERTEX = new Provider("vertex", ProviderKind.VERTEX,
            URI.create("https://aiplatform.googleapis.com/v1/projects/test-project/locations/global"), "VERTEX_KEY");

    private final ExecutorService fetchers = Executors.newFixedThreadPool(2);
    private final MutableClock clock = new MutableClock(Instant.now());
    private FakeGoogleTokens endpoint;

    @BeforeEach
    void start() throws Exception {
        endpoint = new FakeGoogleTokens();
        endpoint.clock = clock;
    }

    @AfterEach
    void stop() {
        endpoint.close();
        fetchers.shutdownNow();
    }

    /** The deployment's trust with the test CA added, as {@code PROXY_TRUST_STORE} adds an operator's. */
    private static final javax.net.ssl.SSLSocketFactory TRUSTED = OutboundTrust.of(testCa(), TestTls.PASSWORD)
            .socketFactory();

    private static java.nio.file.Path testCa() {
        try {
            return TestTls.dir().resolve(TestTls.TRUST_STORE);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private IssuedTokens tokens(String secretValue) {
        return new IssuedTokens("Google access token", GoogleIssuer.issuers(TRUSTED),
                name -> Optional.ofNullable(Map.of("VERTEX_KEY", secretValue).get(name)), fetchers, clock);
    }

    @Test
    void aKeyFileGivesATokenThatIsFetchedOnceAndReused(@TempDir Path dir) throws Exception {
        IssuedTokens tokens = tokens(endpoint.writeKey(dir.resolve("key.json")).toString());
        assertThat(tokens.of(VERTEX).get()).isEqualTo("tok-1");
        CompletableFuture<String> again = tokens.of(VERTEX);
        assertThat(again).isCompletedWithValue("tok-1");
        assertThat(endpoint.issued()).isEqualTo(1);
        assertThat(endpoint.refusals()).isEmpty();
    }

    @Test
    void theKeysJsonServesAsWellAsItsPath() throws Exception {
        assertThat(tokens(endpoint.keyJson()).of(VERTEX).get()).isEqualTo("tok-1");
    }

    @Test
    void aTokenNearItsEndIsReplacedInTheBackgroundAndAnAlmostExpiredOneIsNotSent() throws Exception {
        IssuedTokens tokens = tokens(endpoint.keyJson());
        assertThat(tokens.of(VERTEX).get()).isEqualTo("tok-1");
        clock.advance(Duration.ofMinutes(56)); // four minutes left: still sent, a new one on its way
        assertThat(tokens.of(VERTEX)).isCompletedWithValue("tok-1");
        await().until(() -> endpoint.issued() == 2);
        await().until(() -> tokens.of(VERTEX).getNow("").equals("tok-2"));
        clock.advance(Duration.ofMinutes(59).plusSeconds(30)); // thirty seconds left of tok-2: the call waits
        CompletableFuture<String> late = tokens.of(VERTEX);
        assertThat(late.get()).isEqualTo("tok-3");
    }

    @Test
    void aTokenTheProviderRefusesIsDroppedAndTheNextCallFetchesAnother() throws Exception {
        IssuedTokens tokens = tokens(endpoint.keyJson());
        assertThat(tokens.of(VERTEX).get()).isEqualTo("tok-1");
        tokens.refused(VERTEX, "tok-0"); // an older token: the current one stays
        assertThat(tokens.of(VERTEX)).isCompletedWithValue("tok-1");
        tokens.refused(VERTEX, "tok-1");
        assertThat(tokens.of(VERTEX).get()).isEqualTo("tok-2");
    }

    @Test
    void concurrentCallsWithoutATokenShareOneFetch() throws Exception {
        IssuedTokens tokens = tokens(endpoint.keyJson());
        CompletableFuture<String> a = tokens.of(VERTEX);
        CompletableFuture<String> b = tokens.of(VERTEX);
        assertThat(a.get()).isEqualTo(b.get());
        assertThat(endpoint.issued()).isEqualTo(1);
    }

    @Test
    void aRefusedGrantIsUnavailableAndTheNextCallTriesAgain() throws Exception {
        IssuedTokens tokens = tokens(endpoint.keyJson());
        endpoint.refuse = true;
        assertThatThrownBy(() -> tokens.of(VERTEX).join()).isInstanceOf(CompletionException.class)
                .cause().isInstanceOf(Credentials.Unavailable.class)
                .hasMessageContaining("no Google access token for provider vertex").hasMessageContaining("invalid_grant");
        endpoint.refuse = false;
        assertThat(tokens.of(VERTEX).get()).isEqualTo("tok-1");
    }

    @Test
    void aSecretThatIsNeitherAKeyNorAKeyFileIsNeverRepeatedInTheMessage() {
        IssuedTokens tokens = tokens("sk-ant-not-a-google-key");
        assertThatThrownBy(() -> tokens.of(VERTEX).join()).cause().isInstanceOf(Credentials.Unavailable.class)
                .hasMessageNotContaining("sk-ant-not-a-google-key")
                .hasMessageContaining("the value of the provider's secret");
    }

    @Test
    void aTokenIsSentOnlyToTheHostItWasIssuedFor(@TempDir Path dir) throws Exception {
        IssuedTokens tokens = tokens(endpoint.writeKey(dir.resolve("key.json")).toString());
        assertThat(tokens.of(VERTEX).get()).isEqualTo("tok-1");
        Provider moved = new Provider(VERTEX.name(), VERTEX.kind(),
                java.net.URI.create("https://elsewhere.example/v1/projects/p/locations/l"), VERTEX.apiKeySecret());
        assertThat(tokens.of(moved).get()).isEqualTo("tok-2");
        assertThat(endpoint.issued()).isEqualTo(2);
    }

    @Test
    void anUnsetSecretIsUnavailableWithoutAFetch() {
        IssuedTokens tokens = new IssuedTokens("Google access token", GoogleIssuer.issuers(TRUSTED), name -> Optional.empty(),
                fetchers, clock);
        assertThat(tokens.of(VERTEX)).isCompletedExceptionally();
        assertThatThrownBy(() -> tokens.of(VERTEX).join()).cause().hasMessage("secret VERTEX_KEY is not set");
        assertThat(endpoint.issued()).isZero();
    }
}
