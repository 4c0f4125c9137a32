package dev.llmproxy.infrastructure.upstream;

import dev.llmproxy.domain.config.Settings;
import dev.llmproxy.domain.upstream.UpstreamPort;
import dev.llmproxy.infrastructure.upstream.http.HttpTransport;

import javax.net.ssl.SSLSocketFactory;
import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.function.DoubleSupplier;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * What every provider kind's calls are made with: the transports, the worker threads and timers, the clock, where
 * secrets are read, whom outbound https trusts (for a kind that fetches its own tokens), the settings, and chance
 * (for simulated models). A kind's package takes what it needs from here and nothing else.
 *
 * @param plain         transport for http:// base URLs
 * @param tls           transport for https:// base URLs
 * @param socketFactory the outbound trust, for token endpoints called outside the transports
 */
public record UpstreamParts(HttpTransport plain, HttpTransport tls, Executor workers, Timers timers, Clock clock,
                            Function<String, Optional<String>> secrets, SSLSocketFactory socketFactory,
                            Supplier<Settings> settings, DoubleSupplier random) {

    /** Calls made over HTTP in the words of {@code wire}, each carrying what {@code credentials} give. */
    public UpstreamPort http(Wire wire, Credentials credentials) {
        return new HttpUpstream(wire, plain, tls, workers, timers, clock, credentials);
    }

    /** The provider's key, read from the secret it names: what most kinds carry. */
    public Credentials keys() {
        return Credentials.secrets(secrets);
    }
}
