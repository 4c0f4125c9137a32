package dev.llmproxy.infrastructure.upstream.sim;

import dev.llmproxy.domain.answer.Finish;
import dev.llmproxy.application.proxy.ChatJson;
import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.domain.answer.AnswerChoice;
import dev.llmproxy.domain.answer.AnswerMessage;
import dev.llmproxy.domain.answer.ChatAnswer;
import dev.llmproxy.domain.failure.FailureKind;
import dev.llmproxy.domain.sim.SimBehaviour;
import dev.llmproxy.domain.upstream.TokenUsage;
import dev.llmproxy.domain.upstream.UpstreamCall;
import dev.llmproxy.domain.upstream.UpstreamPort;
import dev.llmproxy.domain.upstream.UpstreamReply;
import dev.llmproxy.infrastructure.upstream.Timers;
import dev.llmproxy.infrastructure.upstream.embeddings.EmbeddingCall;
import dev.llmproxy.infrastructure.upstream.embeddings.EmbeddingReplies;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ScheduledFuture;
import java.util.function.DoubleSupplier;

/**
 * The {@code sim} provider: models whose names select a behaviour (see {@link SimBehaviour}), for one operation:
 * chat answers, or vectors.
 */
public final class SimUpstream implements UpstreamPort {

    /** What a healthy simulated call answers. */
    @FunctionalInterface
    private interface Answers {
        UpstreamReply of(SimUpstream sim, UpstreamCall call, Finish finish);
    }

    private final Timers timers;
    private final Clock clock;
    private final DoubleSupplier random;
    private final Answers answers;
    private final ConcurrentMap<String, SimBehaviour> behaviours = new ConcurrentHashMap<>();

    /** Simulated chat answers. */
    public SimUpstream(Timers timers, Clock clock, DoubleSupplier random) {
        this(timers, clock, random, SimUpstream::chatAnswer);
    }

    private SimUpstream(Timers timers, Clock clock, DoubleSupplier random, Answers answers) {
        this.timers = timers;
        this.clock = clock;
        this.random = random;
        this.answers = answers;
    }

    /** Simulated vectors: unit vectors seeded by each input, so that the same text always gets the same vector. */
    public static SimUpstream vectors(Timers timers, Clock clock, DoubleSupplier random) {
        return new SimUpstream(timers, clock, random, (sim, call, finish) -> vectors(call));
    }

    private UpstreamReply answer(UpstreamCall call, Finish finish) {
        return answers.of(this, call, finish);
    }

    @Override
    public CompletableFuture<UpstreamReply> send(UpstreamCall call) {
        String spec = call.model().upstreamModel();
        SimBehaviour b = behaviours.computeIfAbsent(spec, SimBehaviour::parse);
        UpstreamReply reply = switch (b.kind()) {
            case HEALTHY -> answer(call, Finish.STOP);
            case TRUNCATED -> answer(call, Finish.LENGTH);
            case FLAKY -> random.getAsDouble() * 100 < b.failurePercent()
                    ? error(503, "server_error", "simulated outage") : answer(call, Finish.STOP);
            case RATE_LIMITED -> new UpstreamReply.HttpError(429,
                    b.retryAfterSeconds() == null ? null : Duration.ofSeconds(b.retryAfterSeconds()),
                    "{\"error\":{\"code\":\"rate_limit_exceeded\",\"message\":\"simulated quota\"}}");
            case ERROR -> error(b.status(), "server_error", "simulated error");
            case REFUSAL -> error(400, "content_policy_violation", "simulated refusal");
            case CONTEXT_OVERFLOW -> error(400, "context_length_exceeded", "simulated overflow");
            case HANG -> null;
            case CUT -> call.streaming() ? answer(call, Finish.STOP)
                    : new UpstreamReply.Failed(FailureKind.MALFORMED, "body cut short (simulated)");
        };
        Duration latency = Duration.ofMillis(b.latencyMs());
        CompletableFuture<UpstreamReply> result = new CompletableFuture<>();
        Duration limit = call.streaming() ? call.limits().firstToken() : call.timeout();
        if (reply == null || latency.compareTo(limit) >= 0) {
            UpstreamReply timeout = call.streaming()
                    ? new UpstreamReply.Failed(FailureKind.TIMEOUT, "no first token in " + limit.toMillis() + " ms")
                    : new UpstreamReply.Failed(FailureKind.ANSWER_TIMEOUT, "no answer in " + limit.toMillis() + " ms");
            ScheduledFuture<?> t = timers.schedule(limit, () -> result.complete(timeout));
            result.whenComplete((r, e) -> t.cancel(false));
            return result;
        }
        if (call.streaming() && reply instanceof UpstreamReply.Completed c) {
            new SimStream(timers, call, c, b.kind() == SimBehaviour.Kind.CUT ? b.cutAfterWords() : -1, result).start(latency);
            return result;
        }
        ScheduledFuture<?> t = timers.schedule(latency, () -> result.complete(reply));
        result.whenComplete((r, e) -> t.cancel(false));
        return result;
    }

    private static UpstreamReply error(int status, String code, String message) {
        return new UpstreamReply.HttpError(status, null,
                "{\"error\":{\"code\":\"" + code + "\",\"message\":\"" + message + "\"}}");
    }

    private UpstreamReply chatAnswer(UpstreamCall call, Finish finish) {
        String prompt = lastUserMessage(ChatJson.of(call.body()));
        String text = endsWithPrefill(ChatJson.of(call.body()))
                ? " [continued by " + call.model().name() + "] and that is the rest of the answer."
                : "[simulated answer from " + call.model().name() + "] You said: "
                + (prompt.length() > 200 ? prompt.substring(0, 200) + "..." : prompt);
        int promptTokens = Math.max(1, prompt.length() / 4);
        int completionTokens = text.split("\\s+").length;
        ChatAnswer answer = new ChatAnswer("chatcmpl-sim-" + UUID.randomUUID(), clock.instant().getEpochSecond(),
                List.of(new AnswerChoice(AnswerMessage.text(text), finish)), null);
        return new UpstreamReply.Completed(answer, call.model().upstreamModel(), finish,
                new TokenUsage(promptTokens, completionTokens, promptTokens + completionTokens));
    }

    private static UpstreamReply vectors(UpstreamCall call) {
        EmbeddingCall embedding = EmbeddingCall.of(call);
        List<JsonArray> vectors = new ArrayList<>();
        for (JsonValue input : embedding.inputs()) {
            Random seeded = new Random(input.toString().hashCode());
            double[] v = new double[embedding.dimensions()];
            double norm = 0;
            for (int i = 0; i < v.length; i++) {
                v[i] = seeded.nextGaussian();
                norm += v[i] * v[i];
            }
            JsonArrayBuilder numbers = JsonCodec.array();
            for (double x : v) {
                numbers.add((float) (x / Math.sqrt(norm)));
            }
            vectors.add(numbers.build());
        }
        return EmbeddingReplies.built(call, vectors, null);
    }

    /** A continuation request: the conversation ends with the partial answer as an assistant message. */
    private static boolean endsWithPrefill(JsonObject body) {
        try {
            if (body.get("messages") instanceof JsonArray list && !list.isEmpty()
                    && list.get(list.size() - 1) instanceof JsonObject last) {
                return "assistant".equals(last.getString("role", ""));
            }
        } catch (RuntimeException e) {
            return false;
        }
        return false;
    }

    private static String lastUserMessage(JsonObject body) {
        try {
            JsonValue messages = body.get("messages");
            if (messages instanceof JsonArray list) {
                for (int i = list.size() - 1; i >= 0; i--) {
                    if (list.get(i) instanceof JsonObject m && m.get("content") instanceof JsonString s
                            && "user".equals(m.getString("role", ""))) {
                        return s.getString();
                    }
                }
            }
        } catch (RuntimeException e) {
            return "";
        }
        return "";
    }
}
