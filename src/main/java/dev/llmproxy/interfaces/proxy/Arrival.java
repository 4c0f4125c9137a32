package dev.llmproxy.interfaces.proxy;

import dev.llmproxy.application.proxy.ChatExchange;
import dev.llmproxy.application.proxy.ChatRequest;
import dev.llmproxy.application.replay.AnswerKeeping;
import dev.llmproxy.application.replay.Keeping;
import dev.llmproxy.domain.config.AnswerReuse;
import dev.llmproxy.domain.replay.KeptAnswer;
import dev.llmproxy.domain.replay.Reuse;
import dev.llmproxy.domain.failure.ErrorKind;
import dev.llmproxy.domain.failure.ProxyError;
import dev.llmproxy.domain.failure.ProxyException;
import dev.llmproxy.domain.replay.AnswerKey;
import dev.llmproxy.domain.replay.KeyClaim;
import dev.llmproxy.domain.routing.Sleeper;
import dev.llmproxy.interfaces.proxy.door.Dialect;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.concurrent.CompletableFuture;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * A request whose whole body is in: it is read, and then its chain answers it, or, when it carries an
 * {@code Idempotency-Key}, the answer kept for an earlier request with that key does, or the key refuses it. Whatever
 * is thrown, the exchange ends with an answer.
 */
final class Arrival {

    private static final Logger LOG = Logger.getLogger(Arrival.class.getName());
    private static final Duration LOOK_AGAIN_IN = Duration.ofSeconds(1);

    private final AsyncContext async;
    private final CancelOnAbandon abandon;
    private final ChatExchange exchange;
    private final Dialect dialect;
    private final Sleeper sleeper;
    private final AnswerKeeping answers;
    private final String key;
    private final String what;

    /**
     * @param key  the request's {@code Idempotency-Key}, or null
     * @param what the API and path the request names: a key is for one request to one of them
     */
    Arrival(AsyncContext async, CancelOnAbandon abandon, ChatExchange exchange, Dialect dialect, Sleeper sleeper,
            AnswerKeeping answers, String key, String what) {
        this.async = async;
        this.abandon = abandon;
        this.exchange = exchange;
        this.dialect = dialect;
        this.sleeper = sleeper;
        this.answers = answers;
        this.key = key;
        this.what = what;
    }

    void body(byte[] body) {
        try {
            ChatRequest chat;
            AnswerKey idempotencyKey;
            try {
                chat = exchange.read(body, dialect::read);
                idempotencyKey = key == null ? null : exchange.idempotencyKey(key, what, chat, body);
            } catch (ProxyException e) {
                answerError(e.error()); // recorded by the exchange
                return;
            }
            if (idempotencyKey == null) {
                run(chat, null, body);
            } else {
                claim(chat, idempotencyKey, body);
            }
        } catch (RuntimeException | Error e) {
            failed(e);
        }
    }

    /** Runs the request once its key is its own; gives the kept answer, or refuses, when it is not. */
    private void claim(ChatRequest chat, AnswerKey idempotencyKey, byte[] body) {
        // a retry may wait for the run it repeats as long as that run may take
        Duration patience = exchange.settings().admission().queueWait().plus(exchange.settings().timeBudgets().chain());
        CompletableFuture<KeyClaim> claim = answers.claim(idempotencyKey, exchange.requestId(), patience);
        abandon.watch(claim);
        claim.whenComplete((found, error) -> {
            try {
                if (claim.isCancelled()) {
                    exchange.left(chat);
                    AsyncAnswer.end(async);
                } else if (found == null) {
                    LOG.log(Level.WARNING, "Could not claim the idempotency key of " + exchange.requestId(), error);
                    answerError(exchange.keyRefused(chat, new ProxyError(ErrorKind.UNAVAILABLE, "The Idempotency-Key"
                            + " could not be looked up; the request was not run.", "Idempotency-Key", LOOK_AGAIN_IN)));
                } else if (found instanceof KeyClaim.Ours) {
                    run(chat, idempotencyKey, body);
                } else if (found instanceof KeyClaim.Kept kept) {
                    exchange.replayed(chat, kept.answer(), Reuse.Kind.REPLAY);
                    KeptReplies.replay(async, exchange, kept.answer(), Reuse.Kind.REPLAY, Map.of());
                } else if (found instanceof KeyClaim.Running running) {
                    answerError(exchange.keyRefused(chat, new ProxyError(ErrorKind.KEY_IN_USE, "A request with this"
                            + " Idempotency-Key (" + running.requestId() + ") is still running; a retry gets its"
                            + " answer once it is over.", "Idempotency-Key", LOOK_AGAIN_IN)));
                } else {
                    answerError(exchange.keyRefused(chat, new ProxyError(ErrorKind.KEY_REUSED, "This Idempotency-Key"
                            + " was used for another request (" + ((KeyClaim.OtherRequest) found).requestId()
                            + "): a key stands for one body sent to one API and path.", "Idempotency-Key", null)));
                }
            } catch (RuntimeException | Error e) {
                failed(e);
            }
        });
    }

    /**
     * Runs the request, unless its tier gives a fresh answer to it again.
     *
     * @param claimed the idempotency key the request claimed, or null
     */
    private void run(ChatRequest chat, AnswerKey claimed, byte[] body) {
        AnswerReuse reuse = exchange.reuse(chat);
        String owner = exchange.owner();
        AnswerKey reused = reuse.keeps() && owner != null ? AnswerKey.sameRequest(owner, what, body) : null;
        Optional<KeptAnswer> fresh = reused == null ? Optional.empty() : answers.keptWithin(reused, reuse.maxAge());
        Keeping keeping = answers.keeping(claimed, reused, exchange.requestId());
        if (fresh.isPresent()) {
            KeptReplies.release(keeping); // a retry with the key gets a fresh answer again, or runs
            exchange.replayed(chat, fresh.get(), Reuse.Kind.FRESH);
            KeptReplies.replay(async, exchange, fresh.get(), Reuse.Kind.FRESH, Map.of());
            return;
        }
        Supplier<Optional<KeptAnswer>> stale = reused == null ? Optional::empty
                : () -> answers.keptWithin(reused, reuse.staleIfError());
        if (!chat.stream()) {
            ChainAnswers.answer(async, abandon, exchange, chat, dialect, keeping, stale);
            return;
        }
        try {
            ChainAnswers.stream(async, abandon, exchange, chat, dialect, sleeper, keeping, stale);
        } catch (IOException e) {
            LOG.fine(() -> "Could not start the stream for " + exchange.requestId() + ": " + e);
            KeptReplies.release(keeping);
            AsyncAnswer.end(async);
        }
    }

    private void failed(Throwable e) {
        ProxyError error = exchange.failed(e);
        OverheadHeader.set((HttpServletResponse) async.getResponse(), exchange);
        AsyncAnswer.endWithError(async, exchange.requestId(), error, dialect);
    }

    private void answerError(ProxyError error) {
        answerError(async, exchange, error, dialect);
    }

    static void answerError(AsyncContext async, ChatExchange exchange, ProxyError error, Dialect dialect) {
        HttpServletResponse res = (HttpServletResponse) async.getResponse();
        OverheadHeader.set(res, exchange);
        AsyncAnswer.sendOrEnd(async, exchange.requestId(), dialect.prepareError(res, error));
    }
}
