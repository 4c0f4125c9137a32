package dev.llmproxy.interfaces.proxy.door;

import dev.llmproxy.domain.failure.ProxyError;
import dev.llmproxy.domain.streaming.StreamEvent;
import dev.llmproxy.domain.upstream.TokenUsage;

/**
 * How one streamed answer is said in a dialect's Server-Sent Events. Each method returns the bytes to send (possibly
 * none); calls come one at a time, under the stream's lock, in order: open, events, then finish or error.
 */
public interface StreamDialect {

    /** The first content is here and that upstream model answers: what opens the stream. */
    byte[] open(String upstreamModel);

    /** From now on another model continues the answer (a splice). */
    void answeredBy(String upstreamModel);

    byte[] event(StreamEvent event);

    /** The answer reached its end; {@code usage} is the settled usage. */
    byte[] finish(TokenUsage usage);

    /**
     * What keeps an open stream alive while no content comes (a model continuing a broken answer may take a while
     * to its first token): Anthropic's {@code ping}. Nothing by default.
     */
    default byte[] idle() {
        return new byte[0];
    }

    /** The answer broke off and no model could continue it: the dialect's error event (the connection is cut next). */
    byte[] error(ProxyError error);
}
