package dev.llmproxy.application.proxy;

import dev.llmproxy.domain.log.FrontDoor;
import dev.llmproxy.domain.routing.OwnTime;
import dev.llmproxy.application.access.AccessControl;
import dev.llmproxy.application.access.AccessRefusal;
import dev.llmproxy.application.access.AccessRequest;
import dev.llmproxy.application.access.Caller;
import dev.llmproxy.application.config.ConfigDocument;
import dev.llmproxy.application.config.ConfigService;
import dev.llmproxy.application.config.FixedConfigs;
import dev.llmproxy.application.log.RequestLog;
import dev.llmproxy.application.metrics.ProxyMetrics;
import dev.llmproxy.application.telemetry.RequestTracing;
import dev.llmproxy.domain.breaker.BreakerTransition;
import dev.llmproxy.domain.failure.ErrorKind;
import dev.llmproxy.domain.failure.ProxyError;
import dev.llmproxy.domain.failure.ProxyException;
import dev.llmproxy.domain.log.CallerRecord;
import dev.llmproxy.domain.log.RequestRecord;
import org.junit.jupiter.api.Test;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Every refusal on a request's way to its chain is recorded once, with what was known of the caller and model. */
class ChatExchangeTest {

    private static final CallerRecord KEYED = CallerRecord.client("c1").withKey("k1");
    private static final AccessRequest FROM_PEER = new AccessRequest("10.0.0.1", null, null, "Bearer x", null);

    private final List<RequestRecord> logged = new ArrayList<>();
    private final ConfigService configs = FixedConfigs.holding(ConfigDocument.read("""
            {"providers": [{"name": "p", "kind": "openai", "baseUrl": "http://127.0.0.1:9/v1"}],
             "models": [{"name": "m", "provider": "p", "upstreamModel": "m"}],
             "tiers": [{"name": "t", "chain": ["m"]}],
             "settings": {"maxPromptChars": 10}}
            """));
    private RequestLog requestLog = new RequestLog() {
        @Override
        public void submit(RequestRecord record) {
            logged.add(record);
        }
    };
    private ProxyMetrics metrics = new ProxyMetrics() {
        @Override public void requestCompleted(RequestRecord record) { }
        @Override public void breakerTransition(BreakerTransition transition) { }
        @Override public void budgetRefused(String budget) { }
        @Override public String contentType(String accept) { return "text/plain"; }
        @Override public void scrape(String contentType, OutputStream out) { }
    };
    private ProxyException accessRefusal;

    private final AccessControl access = new AccessControl() {
        @Override
        public Caller admit(AccessRequest request, String requestId) {
            if (accessRefusal != null) {
                throw accessRefusal;
            }
            return new Caller(null, KEYED);
        }
    };

    private ChatExchange exchange() {
        RequestRecorder recorder = new RequestRecorder(configs, requestLog, metrics, RequestTracing.OFF,
                Clock.systemUTC(), new dev.llmproxy.interfaces.json.ErrorWire());
        return new ChatExchange(new ChatCompletionService(), access, recorder, configs.current().settings(), "r1",
                Instant.now(), FrontDoor.CHAT, OwnTime.UNTIMED);
    }

    private static byte[] chat(String content) {
        return ("{\"model\":\"t\",\"messages\":[{\"role\":\"user\",\"content\":\"" + content + "\"}]}")
                .getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void anAccessRefusalIsRecordedWithTheCallerItNames() {
        accessRefusal = new AccessRefusal(ProxyError.of(ErrorKind.RATE_LIMITED, "slow down"), KEYED.counted("l", "h", "x"));
        ChatExchange exchange = exchange();
        assertThatThrownBy(() -> exchange.admit(FROM_PEER, "application/json")).isSameAs(accessRefusal);
        assertThat(logged).singleElement().satisfies(r -> {
            assertThat(r.status()).isEqualTo(429);
            assertThat(r.caller().limitHit()).isEqualTo("h");
        });
    }

    @Test
    void aRefusalFromTheMemoryOfFullWindowsIsCountedButLeavesNoRowOfItsOwn() {
        List<RequestRecord> counted = new ArrayList<>();
        metrics = new ProxyMetrics() {
            @Override public void requestCompleted(RequestRecord record) { counted.add(record); }
            @Override public void breakerTransition(BreakerTransition transition) { }
            @Override public void budgetRefused(String budget) { }
            @Override public String contentType(String accept) { return "text/plain"; }
            @Override public void scrape(String contentType, OutputStream out) { }
        };
        accessRefusal = new AccessRefusal(ProxyError.of(ErrorKind.RATE_LIMITED, "slow down"),
                KEYED.counted("l", "h", "remembered"), true);
        assertThatThrownBy(() -> exchange().admit(FROM_PEER, "application/json")).isSameAs(accessRefusal);
        assertThat(logged).isEmpty();
        assertThat(counted).singleElement().satisfies(r -> assertThat(r.status()).isEqualTo(429));
    }

    @Test
    void aBodyThatIsNotJsonIsRefusedAfterTheCallerIsKnown() {
        ChatExchange exchange = exchange();
        assertThatThrownBy(() -> exchange.admit(FROM_PEER, "text/plain"))
                .isInstanceOfSatisfying(ProxyException.class,
                        e -> assertThat(e.error().kind()).isEqualTo(ErrorKind.UNSUPPORTED_MEDIA_TYPE));
        assertThat(logged).singleElement().satisfies(r -> assertThat(r.caller().keyId()).isEqualTo("k1"));
    }

    @Test
    void aPromptOverTheCapIsRefusedWithTheModelItAskedFor() {
        ChatExchange exchange = exchange();
        exchange.admit(FROM_PEER, "application/json");
        assertThatThrownBy(() -> exchange.read(chat("far too long a prompt")))
                .isInstanceOfSatisfying(ProxyException.class,
                        e -> assertThat(e.error().kind()).isEqualTo(ErrorKind.PROMPT_TOO_LONG));
        assertThat(logged).singleElement().satisfies(r -> {
            assertThat(r.requestedModel()).isEqualTo("t");
            assertThat(r.errorCode()).isEqualTo("prompt_too_long");
            assertThat(r.caller().keyId()).isEqualTo("k1");
        });
    }

    @Test
    void malformedJsonIsRecordedWithoutAModel() {
        ChatExchange exchange = exchange();
        assertThatThrownBy(() -> exchange.read("{\"model\":".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(ProxyException.class);
        assertThat(logged).singleElement().satisfies(r -> {
            assertThat(r.status()).isEqualTo(400);
            assertThat(r.requestedModel()).isNull();
        });
    }

    @Test
    void aBodyThatNeverArrivedAndAFailureInsideAreBothRecorded() {
        ChatExchange exchange = exchange();
        exchange.admit(FROM_PEER, null);
        ProxyError tooLarge = ProxyError.of(ErrorKind.PAYLOAD_TOO_LARGE, "too large");
        assertThat(exchange.refused(tooLarge)).isSameAs(tooLarge);
        assertThat(exchange.failed(new IllegalStateException("boom"))).isSameAs(ProxyError.INTERNAL);
        assertThat(logged).extracting(RequestRecord::status).containsExactly(413, 500);
    }

    @Test
    void aRecordThatCannotBeWrittenNeverStopsTheRefusal() {
        requestLog = new RequestLog() {
            @Override
            public void submit(RequestRecord record) {
                throw new IllegalStateException("log down");
            }
        };
        ChatExchange exchange = exchange();
        assertThat(exchange.refused(ProxyError.of(ErrorKind.REQUEST_TIMEOUT, "slow body")).kind())
                .isEqualTo(ErrorKind.REQUEST_TIMEOUT);
    }
}
