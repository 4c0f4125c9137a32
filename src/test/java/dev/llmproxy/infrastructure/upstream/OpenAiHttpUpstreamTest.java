package dev.llmproxy.infrastructure.upstream;

import dev.llmproxy.domain.answer.Finish;
import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.catalog.Provider;
import dev.llmproxy.domain.catalog.ProviderKind;
import dev.llmproxy.domain.failure.FailureKind;
import dev.llmproxy.domain.upstream.UpstreamCall;
import dev.llmproxy.domain.upstream.UpstreamReply;
import dev.llmproxy.testing.FaultUpstream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

import static dev.llmproxy.testing.FaultUpstream.cutBody;
import static dev.llmproxy.testing.FaultUpstream.malformed;
import static dev.llmproxy.testing.FaultUpstream.ok;
import static dev.llmproxy.testing.FaultUpstream.reset;
import static dev.llmproxy.testing.FaultUpstream.status;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

class OpenAiHttpUpstreamTest {

    private static UpstreamClientFixture upstream;
    private static FaultUpstream fault;
    private static HttpUpstream client;

    @BeforeAll
    static void start() throws Exception {
        open(false);
    }

    /** @param overTls the same tests through the https transport, against the fake upstream over TLS */
    static void open(boolean overTls) throws Exception {
        upstream = new UpstreamClientFixture(name -> name.equals("KEY") ? Optional.of("sk-test") : Optional.empty(), overTls);
        fault = upstream.fault;
        client = upstream.client;
    }

    @AfterAll
    static void stop() throws Exception {
        upstream.close();
    }

    private CompletableFuture<UpstreamReply> send(String model, String secret, Duration timeout) {
        Provider p = new Provider("fake", ProviderKind.OPENAI, URI.create(fault.baseUrl()), secret);
        byte[] body = ("{\"model\":\"" + model + "\",\"messages\":[]}").getBytes(StandardCharsets.UTF_8);
        return client.send(new UpstreamCall("r1", p, AllowedModel.of(model, "fake", model), body, timeout));
    }

    /** An attempt bound far above any answer here: the first call over TLS also warms the client up. */
    private UpstreamReply call(String model) {
        return send(model, "KEY", Duration.ofSeconds(30)).join();
    }

    @Test
    void completeAnswerIsParsedAndSentWithTheBearerKey() {
        fault.on("u-ok", ok());
        UpstreamReply.Completed c = (UpstreamReply.Completed) call("u-ok");
        assertThat(c.answeredModel()).isEqualTo("u-ok");
        assertThat(c.finish()).isEqualTo(Finish.STOP);
        assertThat(c.usage().totalTokens()).isEqualTo(18);
        assertThat(fault.authorizations("u-ok")).containsExactly("Bearer sk-test");
    }

    @Test
    void errorStatusCarriesRetryAfterAndTheBodyForTheLogOnly() {
        fault.on("u-429", status(429, Map.of("Retry-After", "7"), "{\"error\":{\"message\":\"quota\"}}"));
        UpstreamReply.HttpError e = (UpstreamReply.HttpError) call("u-429");
        assertThat(e.status()).isEqualTo(429);
        assertThat(e.retryAfter()).isEqualTo(Duration.ofSeconds(7));
        assertThat(e.bodyExcerpt()).contains("quota");
    }

    @Test
    void resetBeforeHeadersIsAResetFailure() {
        fault.on("u-reset", reset());
        assertThat(((UpstreamReply.Failed) call("u-reset")).kind()).isEqualTo(FailureKind.RESET);
    }

    @Test
    void bodyCutShortIsNeverASuccess() {
        fault.on("u-cut", cutBody());
        assertThat(call("u-cut")).isInstanceOf(UpstreamReply.Failed.class);
    }

    @Test
    void unparsableSuccessBodyIsMalformed() {
        fault.on("u-bad", malformed());
        assertThat(((UpstreamReply.Failed) call("u-bad")).kind()).isEqualTo(FailureKind.MALFORMED);
    }

    @Test
    void attemptTimeoutAbortsTheUpstreamConnection() {
        fault.on("u-hang", fault.hang());
        int before = fault.hangsAbandonedByClient();
        UpstreamReply r = send("u-hang", "KEY", Duration.ofMillis(300)).join();
        assertThat(((UpstreamReply.Failed) r).kind()).isEqualTo(FailureKind.ANSWER_TIMEOUT);
        await().atMost(Duration.ofSeconds(5)).until(() -> fault.hangsAbandonedByClient() > before);
    }

    @Test
    void cancellingTheCallAbortsTheUpstreamConnection() {
        fault.on("u-hang2", fault.hang());
        int before = fault.hangsAbandonedByClient();
        CompletableFuture<UpstreamReply> f = send("u-hang2", "KEY", Duration.ofSeconds(30));
        await().atMost(Duration.ofSeconds(5)).until(() -> fault.calls("u-hang2") == 1);
        f.cancel(true);
        await().atMost(Duration.ofSeconds(5)).until(() -> fault.hangsAbandonedByClient() > before);
    }

    @Test
    void refusedConnectionIsAConnectFailure() throws Exception {
        int closedPort;
        try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
            closedPort = s.getLocalPort();
        }
        Provider p = new Provider("gone", ProviderKind.OPENAI, URI.create("http://127.0.0.1:" + closedPort + "/v1"), null);
        UpstreamReply r = client.send(new UpstreamCall("r", p, AllowedModel.of("m", "gone", "m"), new byte[0],
                Duration.ofSeconds(5))).join();
        assertThat(((UpstreamReply.Failed) r).kind()).isEqualTo(FailureKind.CONNECT);
    }

    @Test
    void aMissingSecretIsNoCredentialAndNoCall() {
        fault.on("u-nokey", ok());
        UpstreamReply r = send("u-nokey", "NOT_SET", Duration.ofSeconds(5)).join();
        assertThat(((UpstreamReply.Failed) r).kind()).isEqualTo(FailureKind.NO_CREDENTIAL);
        assertThat(fault.calls("u-nokey")).isZero();
    }
}
