package dev.llmproxy.infrastructure.upstream;

import org.junit.jupiter.api.BeforeAll;

/** Every test of {@link StreamingUpstreamTest}, through the https transport against the fake upstream over TLS. */
class StreamingUpstreamOverTlsTest extends StreamingUpstreamTest {

    @BeforeAll
    static void start() throws Exception {
        open(true);
    }
}
