package dev.llmproxy.interfaces.proxy.door;

import dev.llmproxy.application.proxy.ChatRequest;
import dev.llmproxy.domain.failure.ProxyError;
import dev.llmproxy.domain.log.FrontDoor;
import dev.llmproxy.domain.routing.ChainResult;
import jakarta.servlet.http.HttpServletResponse;

/**
 * An API callers speak, as a translation at the edge: its requests become the proxy's chat requests, and the chain's
 * answers, streams and errors are said back in its own shapes and status conventions. Everything between (routing,
 * limits, budgets, the log) is the same for every dialect.
 */
public interface Dialect {

    FrontDoor door();

    /**
     * Reads a whole request body as a chat request.
     *
     * @throws dev.llmproxy.domain.failure.ProxyException a 400 in the proxy's terms, naming the field at fault
     */
    ChatRequest read(byte[] body);

    /** The body of a successful whole answer (status 200) in this dialect. */
    byte[] answer(ChainResult.Success success, String requestId);

    /** Sets an error's status and headers; returns its body, for the caller to write (blocking or not). */
    byte[] prepareError(HttpServletResponse res, ProxyError error);

    /** The events of one streamed answer to {@code chat}. */
    StreamDialect stream(String requestId, long created, ChatRequest chat);
}
