package dev.llmproxy.infrastructure.upstream;

import org.junit.jupiter.api.BeforeAll;

/** Every test of {@link OpenAiHttpUpstreamTest}, through the https transport against the fake upstream over TLS. */
class OpenAiHttpUpstreamOverTlsTest extends OpenAiHttpUpstreamTest {

    @BeforeAll
    static void start() throws Exception {
        open(true);
    }
}
