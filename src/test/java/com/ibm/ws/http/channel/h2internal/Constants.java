package com.ibm.ws.http.channel.h2internal;

/** Shaped like Liberty's HTTP/2 constants, for the connection-cut tests. */
public final class Constants {

    private Constants() {
    }

    public enum Direction { READ_IN, WRITING_OUT }
}
