package dev.llmproxy.infrastructure.upstream;

import dev.llmproxy.domain.answer.Finish;
import dev.llmproxy.domain.answer.Sent;
import dev.llmproxy.domain.failure.StreamBreak;
import dev.llmproxy.domain.streaming.Backpressure;
import dev.llmproxy.domain.streaming.SentEvent;
import dev.llmproxy.domain.streaming.StreamEvent;
import dev.llmproxy.domain.upstream.UpstreamCall;
import dev.llmproxy.domain.upstream.UpstreamReply;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.logging.Logger;

/**
 * What a streaming attempt's events say: {@code [DONE]}, malformed events (skipped and counted, never relayed),
 * in-band errors, and content, relayed to the call's observer from the first content on. A refusal (every kind's
 * stream says one as a refusing {@link Finish}) before any content is the content-policy refusal, as for a
 * plain call; after content it ends the stream with that finish, as OpenAI's does. Called under the attempt's
 * lock, one event at a time; an event that ends the attempt is told to its owner, and what the same provider event
 * still yields after it is dropped.
 */
final class ChunkRelay implements ChatWire.Chunks {

    private static final Logger LOG = Logger.getLogger(ChunkRelay.class.getName());

    private final UpstreamCall call;
    private final StreamTally tally;
    private final Backpressure valve;
    private final Runnable onFirstContent;
    private final Consumer<UpstreamReply> ending;
    private boolean started;
    private boolean over;
    /** The provider's events as they came since the last chunk relayed: they go with the next one. */
    private final List<SentEvent> sent = new ArrayList<>();

    /**
     * @param onFirstContent told once, when the first content is relayed
     * @param ending         told the reply an event ends the attempt with
     */
    ChunkRelay(UpstreamCall call, StreamTally tally, Backpressure valve, Runnable onFirstContent,
               Consumer<UpstreamReply> ending) {
        this.call = call;
        this.tally = tally;
        this.valve = valve;
        this.onFirstContent = onFirstContent;
        this.ending = ending;
    }

    @Override
    public void text(String data) {
        if (!over) {
            end(onData(data));
        }
    }

    @Override
    public void chunk(StreamChunk chunk) {
        if (!over) {
            end(relay(chunk, null));
        }
    }

    /** Kept only for a caller of the dialect it came in. */
    @Override
    public void sent(SentEvent event) {
        if (!over && event.dialect() == call.body().answeredIn()) {
            sent.add(event);
        }
    }

    private void end(UpstreamReply reply) {
        if (reply != null) {
            over = true;
            ending.accept(reply);
        }
    }

    /** Whether content has reached the observer. */
    boolean started() {
        return started;
    }

    /** @return the reply that ends the attempt (the upstream sent an error event), or null to go on */
    UpstreamReply onData(String data) {
        if (data.equals("[DONE]")) {
            tally.done();
            return null;
        }
        return relay(StreamChunk.read(data, call.body().answeredIn() == Sent.Dialect.CHAT), data);
    }

    /** @param data the event as it came, for the log when it is malformed (null when a wire built it) */
    private UpstreamReply relay(StreamChunk read, String data) {
        if (read instanceof StreamChunk.Malformed) {
            tally.malformed();
            LOG.warning("Skipped a malformed stream event from " + call.provider().name() + "/"
                    + call.model().upstreamModel() + " for request " + call.requestId() + ": "
                    + data.substring(0, Math.min(200, data.length())));
            return null;
        }
        if (read instanceof StreamChunk.Error e) {
            return upstreamError(e.error());
        }
        StreamChunk.Chunk chunk = (StreamChunk.Chunk) read;
        tally.note(chunk);
        if (!chunk.choice()) {
            return null;
        }
        Finish finish = chunk.finish();
        if (!started) {
            if (!chunk.carriesContent() && finish == null) {
                return null; // the role-only opening chunk: nothing to show yet
            }
            if (!chunk.carriesContent() && finish != null && finish.refused()) {
                // refused before a word: the content-policy refusal a plain call gets, which the chain may route around
                return new UpstreamReply.HttpError(400, null, HttpReplies.refusalEvent("the answer was filtered"));
            }
            started = true;
            onFirstContent.run();
        }
        tally.relayed(finish);
        if (chunk.chatChoice() != null) {
            sent.add(SentEvent.chatChoice(chunk.chatChoice()));
        }
        List<SentEvent> asSent = List.copyOf(sent);
        sent.clear();
        call.stream().onEvent(new StreamEvent(chunk.text(), finish, chunk.fingerprint(),
                chunk.parts(), asSent), valve);
        return null;
    }

    /** The upstream ignored {@code stream: true} and answered in one piece: that answer is relayed as one event. */
    UpstreamReply whole(UpstreamReply.Completed c) {
        started = true;
        tally.whole(c);
        call.stream().onEvent(new StreamEvent(c.chat().message().text(), tally.finish()), valve);
        return tally.ended();
    }

    /** An error event: a break once content flowed, else the status it names (or 502), as a plain attempt would. */
    private UpstreamReply upstreamError(JsonObject error) {
        String message = error.get("message") instanceof JsonString m ? m.getString() : error.toString();
        LOG.warning("Upstream " + call.provider().name() + "/" + call.model().upstreamModel()
                + " sent an error event for request " + call.requestId() + ": " + message);
        if (started) {
            return tally.broken(message.startsWith(HttpReplies.REFUSAL) ? StreamBreak.REFUSED : StreamBreak.ERROR,
                    "error event: " + abbreviate(message));
        }
        int status = error.get("code") instanceof JsonNumber n && n.isIntegral() && n.intValue() >= 400
                && n.intValue() <= 599 ? n.intValue() : 502;
        return new UpstreamReply.HttpError(status, null, error.toString());
    }

    private static String abbreviate(String s) {
        return s.length() <= 300 ? s : s.substring(0, 300) + "...";
    }
}
