package dev.llmproxy.infrastructure.upstream.http;

/** Sends a request without blocking the caller and reports the response to a listener as it arrives. */
public interface HttpTransport extends AutoCloseable {

    Exchange send(OutboundRequest request, ResponseListener listener);

    @Override
    void close();
}
