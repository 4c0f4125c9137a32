package dev.llmproxy.interfaces.proxy.door;

import jakarta.servlet.ServletRequest;

import java.util.HexFormat;
import java.util.concurrent.ThreadLocalRandom;

/** Request ids: the time in hex then 64 random bits, so they sort roughly by time and never collide in practice. */
public final class RequestIds {

    public static final String ATTRIBUTE = RequestIds.class.getName();
    public static final String HEADER = "X-Request-Id";

    private RequestIds() {
    }

    private static final HexFormat HEX = HexFormat.of();

    public static String next() {
        return "req_" + Long.toHexString(System.currentTimeMillis()) + HEX.toHexDigits(ThreadLocalRandom.current().nextLong());
    }

    /** The id the filter gave this request. */
    public static String of(ServletRequest request) {
        Object id = request.getAttribute(ATTRIBUTE);
        return id == null ? next() : id.toString();
    }
}
