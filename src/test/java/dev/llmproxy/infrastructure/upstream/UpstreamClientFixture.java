package dev.llmproxy.infrastructure.upstream;

import dev.llmproxy.infrastructure.upstream.http.JdkHttpTransport;
import dev.llmproxy.infrastructure.upstream.http.NioHttpTransport;
import dev.llmproxy.testing.FaultUpstream;

import java.io.IOException;
import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;

/** The real upstream client, wired as the proxy wires it, in front of a fault-injecting upstream. */
final class UpstreamClientFixture implements AutoCloseable {

    final FaultUpstream fault;
    final OpenAiHttpUpstream client;
    private final ExecutorService workers = Executors.newFixedThreadPool(4);
    private final Timers timers = new Timers(workers);
    private final NioHttpTransport plain = new NioHttpTransport("test-io");
    private final JdkHttpTransport tls = new JdkHttpTransport(workers);

    UpstreamClientFixture(Function<String, Optional<String>> secrets) throws IOException {
        fault = new FaultUpstream(0);
        client = new OpenAiHttpUpstream(plain, tls, workers, timers, Clock.systemUTC(), secrets);
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
