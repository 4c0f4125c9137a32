package dev.llmproxy.infrastructure.upstream.http;

import java.util.Map;

/**
 * A response's status and headers.
 *
 * @param headers header names in lower case; repeated headers joined with ", "
 */
public record ResponseHead(int status, Map<String, String> headers) {

    public ResponseHead {
        headers = Map.copyOf(headers);
    }

    /** @return the header's value, or null; {@code name} must be lower case */
    public String header(String name) {
        return headers.get(name);
    }

    public boolean isSuccess() {
        return status >= 200 && status < 300;
    }
}
