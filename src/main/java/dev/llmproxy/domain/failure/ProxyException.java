package dev.llmproxy.domain.failure;



/** A request the proxy refuses before any upstream is called. */
public class ProxyException extends RuntimeException {

    private final ProxyError error;

    public ProxyException(ProxyError error) {
        super(error.message(), null, false, false);
        this.error = error;
    }

    public ProxyError error() {
        return error;
    }
}
