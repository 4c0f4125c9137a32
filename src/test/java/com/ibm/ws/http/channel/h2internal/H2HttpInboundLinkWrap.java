package com.ibm.ws.http.channel.h2internal;

import java.util.ArrayList;
import java.util.List;

/** Shaped like Liberty's HTTP/2 stream link (same package and names), for the connection-cut tests. */
public class H2HttpInboundLinkWrap {

    public final Mux muxLink = new Mux();
    private final int streamId;

    public H2HttpInboundLinkWrap(int streamId) {
        this.streamId = streamId;
    }

    public int getStreamId() {
        return streamId;
    }

    public static final class Mux {
        public final Processor processor = new Processor();

        public Processor getStreamProcessor(Integer id) {
            return processor;
        }
    }

    public static final class Processor {
        public final List<String> frames = new ArrayList<>();

        public synchronized void processNextFrame(Object frame, Constants.Direction direction) {
            frames.add(frame + " " + direction);
        }
    }
}
