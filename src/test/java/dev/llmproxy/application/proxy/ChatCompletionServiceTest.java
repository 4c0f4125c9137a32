package dev.llmproxy.application.proxy;

import dev.llmproxy.application.access.Caller;
import dev.llmproxy.application.config.ConfigDocument;
import dev.llmproxy.application.config.ConfigService;
import dev.llmproxy.application.config.FixedConfigs;
import dev.llmproxy.application.log.RequestLog;
import dev.llmproxy.application.metrics.ProxyMetrics;
import dev.llmproxy.application.telemetry.RequestTracing;
import dev.llmproxy.domain.admission.Admission;
import dev.llmproxy.domain.breaker.BreakerTransition;
import dev.llmproxy.domain.breaker.Breakers;
import dev.llmproxy.domain.config.RuntimeConfig;
import dev.llmproxy.domain.failure.Outcome;
import dev.llmproxy.domain.log.RequestRecord;
import dev.llmproxy.domain.routing.AttemptRecord;
import dev.llmproxy.domain.routing.ChainExecutor;
import dev.llmproxy.domain.routing.ChainResult;
import dev.llmproxy.domain.routing.RateLimitCooldowns;
import dev.llmproxy.domain.routing.Sleeper;
import dev.llmproxy.domain.upstream.UpstreamReply;
import org.junit.jupiter.api.Test;

import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeoutException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The service's own bound on a request that does not stream, with an upstream that never answers. */
class ChatCompletionServiceTest {

    private static final String CONFIG = """
            {"providers": [{"name": "p", "kind": "openai", "baseUrl": "http://127.0.0.1:9/v1"}],
             "models": [{"name": "m", "provider": "p", "upstreamModel": "m"}],
             "tiers": [{"name": "t", "chain": ["m"]}],
             "settings": {"chainBudgetMs": 10000}}
            """;

    private final Clock clock = Clock.systemUTC();
    private final List<Duration> sleeps = new ArrayList<>();
    private final List<CompletableFuture<Void>> timers = new ArrayList<>();
    private final List<RequestRecord> logged = new ArrayList<>();
    private final ConfigService configs = FixedConfigs.holding(ConfigDocument.read(CONFIG));
    private final ChatCompletionService service;

    ChatCompletionServiceTest() {
        RuntimeConfig config = configs.current();
        Sleeper sleeper = d -> {
            sleeps.add(d);
            CompletableFuture<Void> timer = new CompletableFuture<>();
            timers.add(timer);
            return timer;
        };
        Breakers breakers = new Breakers(() -> config.settings().breaker(), clock, "test", t -> { });
        RequestLog requestLog = new RequestLog() {
            @Override
            public void submit(RequestRecord record) {
                logged.add(record);
            }
        };
        RequestRecorder recorder = new RequestRecorder(configs, requestLog, new NoMetrics(), RequestTracing.OFF, clock,
                new dev.llmproxy.interfaces.json.ErrorWire());
        service = new ChatCompletionService(configs,
                new ChainExecutor(call -> new CompletableFuture<UpstreamReply>(), sleeper, clock,
                        new RateLimitCooldowns(clock), breakers, () -> 0.5),
                new Admission(() -> config.settings().admission(), clock, sleeper), requestLog, recorder, null, clock,
                sleeper, () -> new dev.llmproxy.application.local.LocalModels.Status(false, null, false, null,
                        java.util.Set.of(), null),
                new dev.llmproxy.application.spend.SpendGuard(null, new NoMetrics(), clock), // no budgets: no ledger
                RequestTracing.OFF);
    }

    private static ChatRequest chat() {
        return ChatRequest.parse("{\"model\":\"t\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}"
                .getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void aRequestTheChainNeverEndsFailsAtItsLastResortTimeoutAndIsLoggedAsTheProxysFailure() {
        CompletableFuture<ChainResult> outcome = service.complete("r1", Instant.now(), chat(), Caller.UNKNOWN);
        assertThat(outcome).isNotDone();
        RuntimeConfig config = configs.current();
        Duration net = config.settings().admission().queueWait().plus(config.settings().timeBudgets().chain())
                .plus(LastResortTimeout.SLACK);
        assertThat(sleeps).contains(net);

        timers.get(sleeps.indexOf(net)).complete(null);

        assertThatThrownBy(outcome::join).isInstanceOf(CompletionException.class)
                .hasCauseInstanceOf(TimeoutException.class);
        assertThat(logged).singleElement().satisfies(r -> {
            assertThat(r.status()).isEqualTo(500);
            assertThat(r.errorCode()).isEqualTo("internal_error");
        });
    }

    @Test
    void aCancelledRequestIsLoggedAsAClientThatLeft() {
        CompletableFuture<ChainResult> outcome = service.complete("r2", Instant.now(), chat(), Caller.UNKNOWN);
        outcome.cancel(true);
        assertThat(logged).singleElement().satisfies(r -> {
            assertThat(r.status()).isEqualTo(RequestRecorder.CLIENT_CLOSED);
            assertThat(r.errorCode()).isEqualTo("client_closed");
            // The attempt the client walked away from is still on the record: the upstream was called.
            assertThat(r.attempts()).extracting(AttemptRecord::outcome).containsExactly(Outcome.ABANDONED);
        });
    }

    private static final class NoMetrics implements ProxyMetrics {
        @Override public void budgetRefused(String budget) { }
        @Override public void requestCompleted(RequestRecord record) { }
        @Override public void breakerTransition(BreakerTransition transition) { }
        @Override public String contentType(String accept) { return "text/plain"; }
        @Override public void scrape(String contentType, OutputStream out) { }
    }
}
