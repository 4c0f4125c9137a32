package dev.llmproxy.domain.access;

import java.util.List;

/**
 * The header the trusted load balancers write the client's address into. Only that one is read: a balancer passes
 * the other on as the client sent it, so believing it would let a client choose its own address.
 */
public enum ForwardingHeader {
    X_FORWARDED_FOR("X-Forwarded-For"),
    FORWARDED("Forwarded");

    private final String header;

    ForwardingHeader(String header) {
        this.header = header;
    }

    /** The header's name, as the setting {@code forwardingHeader} spells it. */
    public String header() {
        return header;
    }

    public static List<String> names() {
        return List.of(X_FORWARDED_FOR.header, FORWARDED.header);
    }

    public static ForwardingHeader named(String header) {
        return FORWARDED.header.equals(header) ? FORWARDED : X_FORWARDED_FOR;
    }
}
