package com.ibm.ws.http.channel.h2internal.frames;

/** Shaped like Liberty's RST_STREAM frame, for the connection-cut tests. */
public class FrameRstStream {

    private final String text;

    public FrameRstStream(int streamId, int errorCode, boolean reserved) {
        this.text = "RST_STREAM " + streamId + " error " + errorCode;
    }

    @Override
    public String toString() {
        return text;
    }
}
