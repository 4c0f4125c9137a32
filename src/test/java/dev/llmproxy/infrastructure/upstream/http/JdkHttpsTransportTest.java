package dev.llmproxy.infrastructure.upstream.http;

import dev.llmproxy.testing.FaultUpstream;
import dev.llmproxy.testing.TestTls;

import java.util.concurrent.ForkJoinPool;

/** The https transport (the JDK's client) against a fake upstream over TLS, on the same contract as plain http. */
class JdkHttpsTransportTest extends TransportContract {

    @Override
    FaultUpstream newUpstream() throws Exception {
        return new FaultUpstream(0, TestTls.server());
    }

    @Override
    HttpTransport newTransport() throws Exception {
        return new JdkHttpTransport(ForkJoinPool.commonPool(), TestTls.client());
    }

    @Override
    String scheme() {
        return "https";
    }
}
