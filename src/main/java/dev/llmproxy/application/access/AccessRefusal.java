package dev.llmproxy.application.access;

import dev.llmproxy.domain.log.CallerRecord;
import dev.llmproxy.domain.routing.ProxyError;
import dev.llmproxy.domain.routing.ProxyException;

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
