package dev.llmproxy.infrastructure.upstream.http;

import dev.llmproxy.testing.FaultUpstream;
import dev.llmproxy.testing.TestTls;


/** The https transport (Jetty's client) against a fake upstream over TLS, on the same contract as plain http. */
class JettyHttpsTransportTest extends TransportContract {

    @Override
    FaultUpstream newUpstream() throws Exception {
        return new FaultUpstream(0, TestTls.server());
    }

    @Override
    HttpTransport newTransport() throws Exception {
        return new JettyHttpTransport("test-https", TestTls.client());
    }

    @Override
    String scheme() {
        return "https";
    }
}
