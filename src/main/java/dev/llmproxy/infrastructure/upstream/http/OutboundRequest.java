package dev.llmproxy.infrastructure.upstream.http;

import java.net.URI;
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
}
