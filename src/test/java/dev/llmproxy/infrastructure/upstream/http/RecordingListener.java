package dev.llmproxy.infrastructure.upstream.http;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;

/** Collects what a transport or parser reports; {@link #done} completes on the end or a failure. */
class RecordingListener implements ResponseListener {
    volatile ResponseHead head;
    final ByteArrayOutputStream body = new ByteArrayOutputStream();
    volatile IOException failure;
    volatile int ends;
    final CompletableFuture<RecordingListener> done = new CompletableFuture<>();

    @Override
    public void onHead(ResponseHead head) {
        this.head = head;
    }

    @Override
    public synchronized void onData(ByteBuffer data) {
        byte[] b = new byte[data.remaining()];
        data.get(b);
        body.write(b, 0, b.length);
    }

    @Override
    public void onEnd() {
        ends++;
        done.complete(this);
    }

    @Override
    public void onFailure(IOException error, ResponseHead head) {
        failure = error;
        done.complete(this);
    }

    synchronized String bodyText() {
        return body.toString(StandardCharsets.UTF_8);
    }
}
