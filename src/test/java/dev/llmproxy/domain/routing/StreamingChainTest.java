package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.answer.Finish;
import dev.llmproxy.domain.upstream.RequestBody;
import dev.llmproxy.domain.streaming.DeltaParts;
import dev.llmproxy.domain.streaming.ToolFragment;
import dev.llmproxy.application.proxy.ChatDeltas;
import dev.llmproxy.domain.breaker.BreakerPolicy;
import dev.llmproxy.domain.breaker.Breakers;
import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.catalog.Provider;
import dev.llmproxy.domain.catalog.ProviderKind;
import dev.llmproxy.domain.config.Settings;
import dev.llmproxy.domain.failure.ErrorKind;
import dev.llmproxy.domain.failure.FailureKind;
import dev.llmproxy.domain.failure.Outcome;
import dev.llmproxy.domain.failure.StreamBreak;
import dev.llmproxy.domain.streaming.Backpressure;
import dev.llmproxy.domain.streaming.ClientStream;
import dev.llmproxy.domain.streaming.StreamEvent;
import dev.llmproxy.domain.upstream.TokenUsage;
import dev.llmproxy.domain.upstream.UpstreamCall;
import dev.llmproxy.domain.upstream.UpstreamPort;
import dev.llmproxy.domain.upstream.UpstreamReply;
import dev.llmproxy.testing.MutableClock;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;

/** The chain executor on streamed answers: fallback before the first token, honest splices after it. */
class StreamingChainTest {

    private static final Provider PROVIDER = new Provider("p", ProviderKind.OPENAI, URI.create("http://127.0.0.1:1/v1"), null);

    private final MutableClock clock = MutableClock.atEpoch();
    private final Map<String, Function<UpstreamCall, UpstreamReply>> script = new HashMap<>();
    private final List<UpstreamCall> calls = new ArrayList<>();
    private final UpstreamPort port = call -> {
        calls.add(call);
        Function<UpstreamCall, UpstreamReply> s = script.get(call.model().name());
        if (s == null) {
            throw new AssertionError("unexpected call to " + call.model().name());
        }
        return CompletableFuture.completedFuture(s.apply(call));
    };
    private final RateLimitCooldowns cooldowns = new RateLimitCooldowns(clock);
    private final Breakers breakers = new Breakers(() -> BreakerPolicy.DEFAULT, clock, "test", t -> { });
    private final ChainExecutor executor = new ChainExecutor(port,
            d -> { clock.advance(d); return CompletableFuture.completedFuture(null); }, clock, cooldowns,
            breakers, () -> 0.5);
    private Settings settings = Settings.builder().set("firstTokenTimeoutMs", 1500L).set("streamIdleTimeoutMs", 2000L).build();
    private final RecordingSink sink = new RecordingSink();

    /** Streams the words; then ends properly, or breaks. */
    private static Function<UpstreamCall, UpstreamReply> words(StreamBreak breaks, String... words) {
        return call -> {
            for (int i = 0; i < words.length; i++) {
                Finish finish = breaks == null && i == words.length - 1 ? Finish.STOP : null;
                call.stream().onEvent(new StreamEvent(words[i], finish), Backpressure.NONE);
            }
            String model = call.model().upstreamModel();
            return breaks == null
                    ? new UpstreamReply.StreamEnded(model, Finish.STOP, new TokenUsage(3, words.length, 3 + words.length), words.length, 0, "id")
                    : new UpstreamReply.StreamBroken(breaks, "connection closed", model, words.length, 0, "id");
        };
    }

    /**
     * Streams {@code text} first (when not empty), then a tool call {@code id} in the argument fragments given; then
     * finishes with {@code tool_calls}, or breaks after the fragments.
     */
    private static Function<UpstreamCall, UpstreamReply> toolCall(StreamBreak breaks, String text, String id,
                                                                  String... fragments) {
        return call -> {
            int n = 0;
            if (!text.isEmpty()) {
                call.stream().onEvent(new StreamEvent(text, null), Backpressure.NONE);
                n++;
            }
            call.stream().onEvent(new StreamEvent("", null, DeltaParts.toolCalls(List.of(
                    new ToolFragment(0, id, "get_weather", "")))), Backpressure.NONE);
            for (String f : fragments) {
                call.stream().onEvent(new StreamEvent("", null, DeltaParts.toolCalls(List.of(
                        new ToolFragment(0, "", "", f)))), Backpressure.NONE);
                n++;
            }
            String model = call.model().upstreamModel();
            if (breaks != null) {
                return new UpstreamReply.StreamBroken(breaks, "connection closed", model, n, 0, id);
            }
            call.stream().onEvent(new StreamEvent("", Finish.TOOL_CALLS), Backpressure.NONE);
            return new UpstreamReply.StreamEnded(model, Finish.TOOL_CALLS, new TokenUsage(3, n, 3 + n), n, 0, id);
        };
    }

    private static Function<UpstreamCall, UpstreamReply> replies(UpstreamReply reply) {
        return call -> reply;
    }

    private static Candidate model(String name, boolean prefill) {
        return new Candidate(new AllowedModel(name, "p", "up-" + name, null, true, false, null, null, prefill, null, null, null, null, null, null),
                PROVIDER);
    }

    private ChainResult run(Candidate... chain) {
        ChatPayload payload = new ChatPayload() {
            @Override
            public RequestBody bodyFor(AllowedModel m) {
                return RequestBody.of(("body:" + m.name()).getBytes(StandardCharsets.UTF_8));
            }

            @Override
            public RequestBody continuationFor(AllowedModel m, String partial) {
                return RequestBody.of(("continue:" + m.name() + ":" + partial).getBytes(StandardCharsets.UTF_8));
            }
        };
        CompletableFuture<ChainResult> f = executor.execute(new ChainPlan("r", List.of(chain), payload, settings, sink));
        assertThat(f).isDone();
        return f.join();
    }

    @Test
    void aRefusalMidAnswerEndsTheStreamAsARefusalAndNoOtherModelRoutesAroundIt() {
        script.put("a", words(StreamBreak.REFUSED, "Here is", " how"));
        script.put("b", words(null, "anything"));
        ChainResult r = run(model("a", false), model("b", true));
        assertThat(r).isInstanceOfSatisfying(ChainResult.Failure.class,
                f -> assertThat(f.error().kind()).isEqualTo(ErrorKind.CONTENT_POLICY));
        assertThat(calls).extracting(c -> c.model().name()).containsExactly("a");
        assertThat(r.attempts().get(0).outcome()).isEqualTo(Outcome.CONTENT_REFUSED);
    }

    @Test
    void aRefusalBeforeAnyContentGoesToTheTiersModelsForRefusalsAndTheirAnswerStreams() {
        script.put("a", replies(new UpstreamReply.StreamBroken(StreamBreak.REFUSED, "refused", "up-a", 0, 0, "id")));
        script.put("c", words(null, "Sure."));
        ChainResult r = executor.execute(new ChainPlan("r", List.of(model("a", false), model("b", false)),
                m -> RequestBody.of(new byte[0]), settings, sink, 0, RunTrace.NONE, false, null, null,
                List.of(model("c", false)))).join();
        assertThat(r).isInstanceOfSatisfying(ChainResult.Streamed.class, s -> assertThat(s.fallback()).isTrue());
        assertThat(calls).extracting(c -> c.model().name()).containsExactly("a", "c");
        assertThat(sink.opened).containsExactly("c");
        assertThat(sink.text()).isEqualTo("Sure.");
    }

    @Test
    void aRefusalMidAnswerStopsEvenWhenTheTierHasModelsForRefusals() {
        script.put("a", words(StreamBreak.REFUSED, "Here is", " how"));
        script.put("c", words(null, "anything"));
        ChainResult r = executor.execute(new ChainPlan("r", List.of(model("a", false)),
                m -> RequestBody.of(new byte[0]), settings, sink, 0, RunTrace.NONE, false, null, null,
                List.of(model("c", true)))).join();
        assertThat(r).isInstanceOfSatisfying(ChainResult.Failure.class,
                f -> assertThat(f.error().kind()).isEqualTo(ErrorKind.CONTENT_POLICY));
        assertThat(calls).extracting(c -> c.model().name()).containsExactly("a");
    }

    @Test
    void aBrokenStreamIsBilledTheTokensOfWhatItSentNotOnePerEvent() {
        String longWords = "x".repeat(400);
        script.put("a", words(StreamBreak.CUT, longWords, longWords));
        script.put("b", words(null, "done"));
        ChainResult r = run(model("a", false), model("b", false));
        // two events of 400 characters: 400 tokens at one per two characters, beside its (unknown here) prompt
        assertThat(r.attempts().get(0).tokens()).isEqualTo(400);
    }

    @Test
    void completeStreamOpensTheSinkOnceAndSucceeds() {
        script.put("a", words(null, "Hello", " there"));
        ChainResult.Streamed s = (ChainResult.Streamed) run(model("a", false), model("b", true));
        assertThat(sink.opened).containsExactly("a");
        assertThat(sink.text()).isEqualTo("Hello there");
        assertThat(s.fallback()).isFalse();
        assertThat(s.usage().totalTokens()).isEqualTo(5);
        assertThat(s.stats().eventsRelayed()).isEqualTo(2);
        assertThat(calls.get(0).limits().firstToken()).isEqualTo(Duration.ofMillis(1500));
        assertThat(calls.get(0).limits().idle()).isEqualTo(Duration.ofMillis(2000));
    }

    @Test
    void failuresBeforeTheFirstTokenFallBackAsForPlainRequests() {
        script.put("a", replies(new UpstreamReply.Failed(FailureKind.TIMEOUT, "no first token in 1500 ms")));
        script.put("b", replies(new UpstreamReply.HttpError(429, Duration.ofSeconds(5), "")));
        script.put("c", words(null, "ok"));
        ChainResult.Streamed s = (ChainResult.Streamed) run(model("a", false), model("b", false), model("c", false));
        assertThat(s.model().name()).isEqualTo("c");
        assertThat(s.fallback()).isTrue();
        assertThat(s.saw429()).isTrue();
        assertThat(sink.opened).containsExactly("c");
        assertThat(sink.openedWithFallback).isTrue();
        assertThat(s.attempts()).extracting(AttemptRecord::outcome)
                .containsExactly(Outcome.TIMEOUT, Outcome.RATE_LIMITED, Outcome.SUCCESS);
        assertThat(s.attempts().get(0).reason()).contains("first token");
    }

    @Test
    void aCutStreamContinuesOnTheNextPrefillCapableModel() {
        script.put("a", words(StreamBreak.CUT, "one,", " two,"));
        script.put("c", words(null, " three."));
        ChainResult.Streamed s = (ChainResult.Streamed) run(model("a", false), model("b", false), model("c", true));
        assertThat(sink.text()).isEqualTo("one, two, three.");
        assertThat(sink.spliced).containsExactly("c");
        assertThat(new String(calls.get(1).body().bytes(), StandardCharsets.UTF_8)).isEqualTo("continue:c:one, two,");
        assertThat(calls).extracting(c -> c.model().name()).containsExactly("a", "c"); // b cannot take a prefill
        assertThat(s.model().name()).isEqualTo("c");
        assertThat(s.fallback()).isTrue();
        assertThat(s.stats().continuations()).isEqualTo(1);
        assertThat(s.usage()).isEqualTo(TokenUsage.NONE); // spliced: the caller's usage is counted, not one upstream's
        assertThat(s.attempts()).extracting(AttemptRecord::outcome).containsExactly(Outcome.STREAM_BROKEN, Outcome.SUCCESS);
    }

    @Test
    void aToolCallCutMidArgumentsIsNeverSplicedTheNextModelAnswersAfresh() {
        script.put("a", toolCall(StreamBreak.CUT, "", "call_a", "{\"city\":", "\"Par"));
        script.put("b", toolCall(null, "", "call_b", "{\"city\":\"Paris\"}"));
        ChainResult.Streamed s = (ChainResult.Streamed) run(model("a", true), model("b", false));
        // nothing of a's tool call reached the client: b (which takes no prefill) was asked afresh
        assertThat(new String(calls.get(1).body().bytes(), StandardCharsets.UTF_8)).isEqualTo("body:b");
        assertThat(sink.opened).containsExactly("b");
        assertThat(sink.spliced).isEmpty();
        assertThat(String.join("", sink.deltas)).contains("call_b").doesNotContain("call_a").doesNotContain("Par\"");
        assertThat(s.model().name()).isEqualTo("b");
        assertThat(s.finish()).isEqualTo(Finish.TOOL_CALLS);
        assertThat(s.attempts()).extracting(AttemptRecord::outcome).containsExactly(Outcome.STREAM_BROKEN, Outcome.SUCCESS);
    }

    @Test
    void textBeforeACutToolCallIsContinuedWithoutTheToolCall() {
        script.put("a", toolCall(StreamBreak.CUT, "Let me check.", "call_a", "{\"city\":"));
        script.put("c", toolCall(null, "", "call_c", "{\"city\":\"Paris\"}"));
        ChainResult.Streamed s = (ChainResult.Streamed) run(model("a", false), model("b", false), model("c", true));
        assertThat(new String(calls.get(1).body().bytes(), StandardCharsets.UTF_8)).isEqualTo("continue:c:Let me check.");
        assertThat(sink.text()).isEqualTo("Let me check.");
        assertThat(sink.spliced).containsExactly("c");
        assertThat(String.join("", sink.deltas)).contains("call_c").doesNotContain("call_a");
        assertThat(s.fallback()).isTrue();
    }

    @Test
    void aToolCallTooLongToHoldIsRelayedAndABreakAfterItIsAnHonestError() {
        String big = "x".repeat(StreamSplice.MAX_HELD_CHARS);
        script.put("a", toolCall(StreamBreak.CUT, "", "call_a", big, "more"));
        ChainResult.Failure f = (ChainResult.Failure) run(model("a", false), model("c", true));
        assertThat(f.error().kind()).isEqualTo(ErrorKind.STREAM_INTERRUPTED);
        assertThat(f.error().message()).contains("a tool call already sent is never continued");
        assertThat(calls).extracting(c -> c.model().name()).containsExactly("a");
        assertThat(sink.spliced).isEmpty();
    }

    @Test
    void aCompleteToolCallGoesOutWholeAndInOrder() {
        script.put("a", toolCall(null, "", "call_a", "{\"city\":", "\"Paris\"}"));
        ChainResult.Streamed s = (ChainResult.Streamed) run(model("a", false));
        assertThat(sink.opened).containsExactly("a");
        assertThat(sink.deltas).hasSize(4);
        assertThat(sink.deltas.get(0)).contains("call_a");
        assertThat(sink.deltas.get(3)).isEqualTo("{}");
        assertThat(s.finish()).isEqualTo(Finish.TOOL_CALLS);
        assertThat(s.stats().eventsRelayed()).isEqualTo(4);
    }

    @Test
    void noCapableModelLeftEndsWithTheRealCause() {
        script.put("a", words(StreamBreak.STALL, "partial"));
        ChainResult.Failure f = (ChainResult.Failure) run(model("a", false), model("b", false));
        assertThat(f.error().kind()).isEqualTo(ErrorKind.STREAM_INTERRUPTED);
        assertThat(f.error().message()).contains("a broke off", "stall", "no model in the chain can continue it");
        assertThat(f.stats().eventsRelayed()).isEqualTo(1);
        assertThat(sink.opened).containsExactly("a");
    }

    @Test
    void theProvidersOwnWordsNeverReachTheCaller() {
        script.put("a", call -> {
            call.stream().onEvent(new StreamEvent("half", null), Backpressure.NONE);
            return new UpstreamReply.StreamBroken(StreamBreak.ERROR, "This model is experiencing high demand",
                    "up-a", 1, 0, "id");
        });
        script.put("b", replies(new UpstreamReply.StreamBroken(StreamBreak.ERROR, "Also in high demand", "up-b", 0, 0,
                null)));
        ChainResult.Failure f = (ChainResult.Failure) run(model("a", false), model("b", true));
        assertThat(f.error().message()).contains("broke off", "(error)").doesNotContain("high demand");
        assertThat(f.attempts().get(0).reason()).contains("high demand"); // the request log keeps them
    }

    @Test
    void aRejectedPrefillNeverReplacesTheRealCause() {
        script.put("a", words(StreamBreak.CUT, "partial"));
        script.put("b", replies(new UpstreamReply.HttpError(400, null, "assistant prefill is not supported")));
        script.put("c", replies(new UpstreamReply.HttpError(503, null, "")));
        ChainResult.Failure f = (ChainResult.Failure) run(model("a", false), model("b", true), model("c", true));
        assertThat(f.error().message()).startsWith("The answer from a broke off after 1 events (cut");
        assertThat(f.error().message()).contains("no model could continue it", "c, HTTP 503");
        assertThat(f.error().message()).doesNotContain("prefill is not supported");
        assertThat(calls).extracting(c -> c.model().name()).containsExactly("a", "b", "c");
    }

    @Test
    void aContinuationStartsEvenWhenTheChainBudgetIsSpent() {
        script.put("a", call -> {
            words(null, "slow").apply(call); // relays a word...
            clock.advance(Duration.ofMinutes(5)); // ...and then takes far longer than the chain budget
            return new UpstreamReply.StreamBroken(StreamBreak.CUT, "closed", "up-a", 1, 0, null);
        });
        script.put("b", words(null, " end"));
        ChainResult.Streamed s = (ChainResult.Streamed) run(model("a", false), model("b", true));
        assertThat(sink.text()).isEqualTo("slow end");
        assertThat(s.model().name()).isEqualTo("b");
    }

    @Test
    void aContinuerWithAnOpenCircuitIsPassedOverForTheNextThatTakesAPrefill() {
        script.put("a", words(StreamBreak.CUT, "one,"));
        script.put("d", words(null, " two."));
        breakers.of("b").forceOpen("drill");
        ChainResult.Streamed s = (ChainResult.Streamed) run(model("a", false), model("b", true), model("c", false),
                model("d", true));
        assertThat(sink.text()).isEqualTo("one, two.");
        assertThat(calls).extracting(c -> c.model().name()).containsExactly("a", "d"); // c cannot take a prefill
        assertThat(s.attempts()).extracting(AttemptRecord::outcome)
                .containsExactly(Outcome.STREAM_BROKEN, Outcome.SKIPPED_BREAKER_OPEN, Outcome.SUCCESS);
    }

    @Test
    void aContinuerWithAnOpenCircuitAndNoneAfterItEndsTheStreamWithTheRealCause() {
        script.put("a", words(StreamBreak.CUT, "one,"));
        breakers.of("b").forceOpen("drill");
        ChainResult.Failure f = (ChainResult.Failure) run(model("a", false), model("b", true), model("c", false));
        assertThat(f.error().kind()).isEqualTo(ErrorKind.STREAM_INTERRUPTED);
        assertThat(f.error().message()).startsWith("The answer from a broke off");
        assertThat(calls).extracting(c -> c.model().name()).containsExactly("a");
    }

    @Test
    void aBreakInsideTheCommitWindowIsAnsweredAfreshByAModelThatTakesNoPrefill() {
        settings = settings.toBuilder().set("streamCommitMs", 1000L).build();
        script.put("a", words(StreamBreak.CUT, "one,", " two,"));
        script.put("b", words(null, "Fresh", " answer."));
        ChainResult.Streamed s = (ChainResult.Streamed) run(model("a", false), model("b", false));
        assertThat(sink.text()).isEqualTo("Fresh answer.");
        assertThat(sink.opened).containsExactly("b");
        assertThat(sink.spliced).isEmpty();
        assertThat(new String(calls.get(1).body().bytes(), StandardCharsets.UTF_8)).isEqualTo("body:b");
        assertThat(s.stats().continuations()).isZero();
        assertThat(s.attempts()).extracting(AttemptRecord::outcome).containsExactly(Outcome.STREAM_BROKEN, Outcome.SUCCESS);
    }

    @Test
    void anAnswerThatEndsInsideTheWindowGoesOutWholeAndInOrder() {
        settings = settings.toBuilder().set("streamCommitMs", 1000L).build();
        script.put("a", words(null, "Hello", " there"));
        run(model("a", false));
        assertThat(sink.opened).containsExactly("a");
        assertThat(sink.text()).isEqualTo("Hello there");
    }

    @Test
    void onceTheWindowHasPassedABreakIsContinuedAsWithoutIt() {
        settings = settings.toBuilder().set("streamCommitMs", 1000L).build();
        script.put("a", call -> {
            call.stream().onEvent(new StreamEvent("one,", null), Backpressure.NONE);
            clock.advance(Duration.ofMillis(1200));
            call.stream().onEvent(new StreamEvent(" two,", null), Backpressure.NONE);
            return new UpstreamReply.StreamBroken(StreamBreak.CUT, "connection closed", "up-a", 2, 0, null);
        });
        script.put("c", words(null, " three."));
        run(model("a", false), model("b", false), model("c", true));
        assertThat(sink.opened).containsExactly("a");
        assertThat(sink.spliced).containsExactly("c");
        assertThat(sink.text()).isEqualTo("one, two, three.");
    }

    @Test
    void theSizeBoundClosesTheWindowToo() {
        settings = settings.toBuilder().set("streamCommitBytes", 8L).build();
        script.put("a", words(StreamBreak.CUT, "one,", " two,"));
        ChainResult.Failure f = (ChainResult.Failure) run(model("a", false), model("b", false));
        assertThat(sink.opened).containsExactly("a"); // the second event passed 8 characters: both went out
        assertThat(sink.text()).isEqualTo("one, two,");
        assertThat(f.error().kind()).isEqualTo(ErrorKind.STREAM_INTERRUPTED);
    }

    /** A sink that records what the client would see. */
    @Test
    void aStreamTheClientLeavesIsBilledWhatItProducedUntilThen() {
        UpstreamPort hanging = call -> {
            call.stream().onEvent(new StreamEvent("a", null), Backpressure.NONE);
            call.stream().onEvent(new StreamEvent("b", null), Backpressure.NONE);
            return new CompletableFuture<>(); // still streaming when the client leaves
        };
        ChainExecutor ex = new ChainExecutor(hanging, d -> CompletableFuture.completedFuture(null), clock, cooldowns,
                breakers, () -> 0.5);
        Candidate priced = new Candidate(new AllowedModel("priced", "p", "up-priced", null, true, false, null, null,
                false, new java.math.BigDecimal("10"), new java.math.BigDecimal("10"), null, null, null, null), PROVIDER);
        RunningChain run = ex.execute(new ChainPlan("r", List.of(priced), m -> RequestBody.of(new byte[0]), settings, sink, 9));
        run.cancel(true);
        // the prompt estimate (9) and the two events relayed
        assertThat(run.attemptsSoFar()).singleElement().satisfies(a -> {
            assertThat(a.outcome()).isEqualTo(Outcome.ABANDONED);
            assertThat(a.tokens()).isEqualTo(11);
            assertThat(a.costUsd()).isEqualByComparingTo("0.00011");
        });
    }

    static final class RecordingSink implements ClientStream {
        final List<String> opened = new ArrayList<>();
        final List<String> spliced = new ArrayList<>();
        final StringBuilder text = new StringBuilder();
        final List<String> deltas = new ArrayList<>();
        boolean openedWithFallback;

        @Override
        public void open(AllowedModel model, String upstreamModel, boolean fallback, boolean saw429) {
            opened.add(model.name());
            openedWithFallback = fallback;
        }

        @Override
        public void spliced(AllowedModel model, String upstreamModel) {
            spliced.add(model.name());
        }

        @Override
        public void event(StreamEvent event, Backpressure valve) {
            text.append(event.text());
            deltas.add(ChatDeltas.write(event.text(), event.parts())); // what a chat caller would be given
        }

        @Override
        public boolean isOpen() {
            return !opened.isEmpty();
        }

        String text() {
            return text.toString();
        }
    }
}
