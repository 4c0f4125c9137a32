package dev.llmproxy.application.proxy;

import dev.llmproxy.domain.failure.ErrorKind;

/**
 * How an error is said on the wire, as far as the request log records it: the status answered and the error code.
 * The edge owns the table (so that the log always says what the client got); the application only asks.
 */
public interface AnswerCodes {

    int status(ErrorKind kind);

    String code(ErrorKind kind);
}
