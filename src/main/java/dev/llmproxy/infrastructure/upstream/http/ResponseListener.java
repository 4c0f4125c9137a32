package dev.llmproxy.infrastructure.upstream.http;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * Receives one response as it arrives. Callbacks come from a transport's I/O thread, one at a time: they must not
 * block. After {@link Exchange#abort()} no further callback is made.
 */
public interface ResponseListener {

    void onHead(ResponseHead head);

    /** A piece of the (de-chunked) body; the buffer is only valid during the call. */
    void onData(ByteBuffer data);

    /** The body ended where its framing said it would. */
    void onEnd();

    /**
     * The exchange failed: before any response ({@code head == null}), or with the body cut short.
     *
     * @param head the head if it had arrived, else null
     */
    void onFailure(IOException error, ResponseHead head);
}
