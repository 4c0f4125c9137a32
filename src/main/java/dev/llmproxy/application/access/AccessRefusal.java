package dev.llmproxy.application.access;

import dev.llmproxy.domain.failure.ProxyError;
import dev.llmproxy.domain.failure.ProxyException;
import dev.llmproxy.domain.log.CallerRecord;

/** A request refused at the door (key, origin, limits, mode), with what was known of the caller for the log. */
public class AccessRefusal extends ProxyException {

    private final transient CallerRecord caller;

    public AccessRefusal(ProxyError error, CallerRecord caller) {
        super(error);
        this.caller = caller;
    }

    public CallerRecord caller() {
        return caller;
    }
}
