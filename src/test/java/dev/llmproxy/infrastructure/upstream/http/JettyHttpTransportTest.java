package dev.llmproxy.infrastructure.upstream.http;

import dev.llmproxy.testing.FaultUpstream;


/** Jetty's client on plain http, on the same contract as the NIO client (an operator may choose it). */
class JettyHttpTransportTest extends TransportContract {

    @Override
    FaultUpstream newUpstream() throws Exception {
        return new FaultUpstream(0);
    }

    @Override
    HttpTransport newTransport() {
        return new JettyHttpTransport("test-http");
    }

    @Override
    String scheme() {
        return "http";
    }
}
