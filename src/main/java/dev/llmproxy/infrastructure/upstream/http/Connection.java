package dev.llmproxy.infrastructure.upstream.http;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;

/** One socket; touched only on the I/O thread. */
final class Connection {
    final SocketChannel channel;
    final String origin;
    SelectionKey key;
    ByteBuffer in = ByteBuffer.allocate(8192);
    ByteBuffer out;
    ResponseParser parser;
    NioHttpTransport.Call call;
    long idleSince;
    boolean paused;

    Connection(SocketChannel channel, String origin) {
        this.channel = channel;
        this.origin = origin;
    }

    void close() {
        if (key != null) {
            key.cancel();
        }
        try {
            channel.close();
        } catch (IOException ignored) {
            // closing anyway
        }
    }
}
