package dev.llmproxy.infrastructure.upstream;

import dev.llmproxy.infrastructure.upstream.openai.OpenAiWire;
import dev.llmproxy.infrastructure.upstream.http.JettyHttpTransport;
import dev.llmproxy.infrastructure.upstream.http.NioHttpTransport;
import dev.llmproxy.testing.FaultUpstream;
import dev.llmproxy.testing.TestTls;

import java.io.IOException;
import java.security.GeneralSecurityException;
import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;

/** The real upstream client, wired as the proxy wires it, in front of a fault-injecting upstream. */
final class UpstreamClientFixture implements AutoCloseable {

    final FaultUpstream fault;
    final HttpUpstream client;
    private final ExecutorService workers = Executors.newFixedThreadPool(4);
    private final Timers timers = new Timers(workers);
    private final NioHttpTransport plain = new NioHttpTransport("test-io");
    private final JettyHttpTransport tls;

    UpstreamClientFixture(Function<String, Optional<String>> secrets) throws IOException {
        this(secrets, false);
    }

    /** @param overTls the fake upstream speaks https, so every call goes through the https transport */
    UpstreamClientFixture(Function<String, Optional<String>> secrets, boolean overTls) throws IOException {
        try {
            fault = overTls ? new FaultUpstream(0, TestTls.server()) : new FaultUpstream(0);
            tls = overTls ? new JettyHttpTransport("test-https", TestTls.client()) : new JettyHttpTransport("test-https");
        } catch (GeneralSecurityException e) {
            throw new IOException(e);
        }
        client = new HttpUpstream(new OpenAiWire(), plain, tls, workers, timers, Clock.systemUTC(),
                Credentials.secrets(secrets));
    }

    @Override
    public void close() throws IOException {
        plain.close();
        tls.close();
        fault.close();
        timers.close();
        workers.shutdownNow();
    }
}
