package dev.llmproxy.application.access;

import dev.llmproxy.domain.failure.ProxyError;
import dev.llmproxy.domain.failure.ProxyException;
import dev.llmproxy.domain.log.CallerRecord;

/** A request refused at the door (key, origin, limits, mode), with what was known of the caller for the log. */
public class AccessRefusal extends ProxyException {

    private final transient CallerRecord caller;
    private final boolean remembered;

    public AccessRefusal(ProxyError error, CallerRecord caller) {
        this(error, caller, false);
    }

    /** @param remembered answered from the memory of full windows: its run is recorded, not the request itself */
    public AccessRefusal(ProxyError error, CallerRecord caller, boolean remembered) {
        super(error);
        this.caller = caller;
        this.remembered = remembered;
    }

    /** Whether this refusal repeats one the store made (see {@link RefusalRuns}): recorded once per run. */
    public boolean remembered() {
        return remembered;
    }

    public CallerRecord caller() {
        return caller;
    }
}
