package dev.llmproxy.infrastructure.upstream;

import dev.llmproxy.domain.upstream.UpstreamCall;
import dev.llmproxy.domain.upstream.QuotaReading;
import dev.llmproxy.infrastructure.upstream.http.ResponseHead;
import dev.llmproxy.infrastructure.upstream.http.ResponseListener;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.time.Clock;
import java.util.logging.Level;
import java.util.logging.Logger;

/** Tells a call's quota watch what a successful answer's rate-limit headers say, then passes everything on. */
final class QuotaListener implements ResponseListener {

    private static final Logger LOG = Logger.getLogger(QuotaListener.class.getName());

    private final ResponseListener next;
    private final UpstreamCall call;
    private final Clock clock;

    private QuotaListener(ResponseListener next, UpstreamCall call, Clock clock) {
        this.next = next;
        this.call = call;
        this.clock = clock;
    }

    static ResponseListener around(ResponseListener next, UpstreamCall call, Clock clock) {
        return call.quota() == QuotaReading.Watch.NONE ? next : new QuotaListener(next, call, clock);
    }

    @Override
    public void onHead(ResponseHead head) {
        if (head.isSuccess()) {
            try {
                QuotaReading reading = RateLimitHeaders.read(head, clock);
                if (reading != null) {
                    call.quota().read(reading);
                }
            } catch (RuntimeException e) {
                // A reading is advice: the answer itself must go on whatever happens to it.
                LOG.log(Level.WARNING, "Could not take in the rate-limit headers of " + call.model().name(), e);
            }
        }
        next.onHead(head);
    }

    @Override
    public void onData(ByteBuffer data) {
        next.onData(data);
    }

    @Override
    public void onEnd() {
        next.onEnd();
    }

    @Override
    public void onFailure(IOException error, ResponseHead head) {
        next.onFailure(error, head);
    }
}
