package dev.llmproxy.infrastructure.upstream.http;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;

/**
 * A POST to send upstream.
 *
 * @param headers name/value pairs, without Host, Content-Length or Connection, which the transport sets
 */
public record OutboundRequest(URI uri, List<Header> headers, byte[] body) {

    public record Header(String name, String value) {
        public Header {
            Objects.requireNonNull(name, "name");
            Objects.requireNonNull(value, "value");
            if (value.indexOf('\r') >= 0 || value.indexOf('\n') >= 0) {
                throw new IllegalArgumentException("header " + name + " contains a line break");
            }
        }
    }

    public OutboundRequest {
        Objects.requireNonNull(uri, "uri");
        headers = List.copyOf(headers);
        Objects.requireNonNull(body, "body");
    }

    /** The request as HTTP/1.1 bytes (head and body in one piece, so it goes out in one write). */
    byte[] encodeHttp11(String hostHeader) {
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        StringBuilder head = new StringBuilder(256).append("POST ").append(path);
        if (uri.getRawQuery() != null) {
            head.append('?').append(uri.getRawQuery());
        }
        head.append(" HTTP/1.1\r\nHost: ").append(hostHeader)
                .append("\r\nContent-Length: ").append(body.length).append("\r\n");
        for (Header h : headers) {
            head.append(h.name()).append(": ").append(h.value()).append("\r\n");
        }
        head.append("\r\n");
        byte[] headBytes = head.toString().getBytes(StandardCharsets.ISO_8859_1);
        byte[] out = new byte[headBytes.length + body.length];
        System.arraycopy(headBytes, 0, out, 0, headBytes.length);
        System.arraycopy(body, 0, out, headBytes.length, body.length);
        return out;
    }
}
