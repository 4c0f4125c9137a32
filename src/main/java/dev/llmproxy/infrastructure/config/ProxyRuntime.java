package dev.llmproxy.infrastructure.config;

import static dev.llmproxy.application.config.DeploymentVariable.*;
import dev.llmproxy.application.breaker.BreakerEvents;
import dev.llmproxy.application.config.ConfigService;
import dev.llmproxy.domain.admission.Admission;
import dev.llmproxy.domain.breaker.Breakers;
import dev.llmproxy.domain.routing.ChainExecutor;
import dev.llmproxy.domain.routing.Sleeper;
import dev.llmproxy.domain.latency.ModelLatencies;
import dev.llmproxy.domain.routing.ModelSlots;
import dev.llmproxy.domain.routing.ProviderQuotas;
import dev.llmproxy.domain.routing.RateLimitCooldowns;
import dev.llmproxy.infrastructure.sharing.SharedBreakers;
import dev.llmproxy.infrastructure.sharing.SharedCooldowns;
import dev.llmproxy.infrastructure.sharing.SharedLatencies;
import dev.llmproxy.infrastructure.upstream.Timers;
import dev.llmproxy.infrastructure.upstream.UpstreamParts;
import dev.llmproxy.infrastructure.upstream.kinds.UpstreamKinds;
import dev.llmproxy.infrastructure.upstream.http.HttpTransport;
import dev.llmproxy.infrastructure.upstream.http.JettyHttpTransport;
import dev.llmproxy.infrastructure.upstream.http.OutboundTrust;
import dev.llmproxy.infrastructure.upstream.http.NioHttpTransport;
import dev.llmproxy.infrastructure.variables.Variables;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.Config;

import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The proxy's request-path machinery: a small pool of worker threads that run upstream completions and write
 * responses (no thread waits on an upstream), the timer thread, the upstream clients and the chain executor.
 */
@ApplicationScoped
public class ProxyRuntime {

    private final Clock clock = Clock.systemUTC();
    private final ConcurrentMap<String, Optional<String>> secretCache = new ConcurrentHashMap<>();

    private final Config config;
    private final OutboundTrustSource outbound;
    private final ConfigService configs;
    private final BreakerEvents breakerEvents;
    private final SharedCooldowns sharedCooldowns;
    private final SharedLatencies sharedLatencies;
    private final SharedBreakers sharedBreakers;

    private ExecutorService workers;
    private Timers timers;
    private ChainExecutor executor;
    private Breakers breakers;
    private ModelLatencies latencies;
    private ProviderQuotas quotas;
    private final ModelSlots slots = new ModelSlots();
    private Admission admission;
    private HttpTransport plainHttp;
    private HttpTransport tlsHttp;

    @Inject
    ProxyRuntime(Config config, OutboundTrustSource outbound, ConfigService configs, BreakerEvents breakerEvents,
            SharedCooldowns sharedCooldowns, SharedLatencies sharedLatencies, SharedBreakers sharedBreakers) {
        this.config = config;
        this.outbound = outbound;
        this.configs = configs;
        this.breakerEvents = breakerEvents;
        this.sharedCooldowns = sharedCooldowns;
        this.sharedLatencies = sharedLatencies;
        this.sharedBreakers = sharedBreakers;
    }

    /** For the container's client proxy. */
    protected ProxyRuntime() {
        this(null, null, null, null, null, null, null);
    }

    @PostConstruct
    void start() {
        int threads = Math.max(4, Runtime.getRuntime().availableProcessors() * 2);
        workers = Executors.newFixedThreadPool(threads, namedDaemons("proxy-worker"));
        timers = new Timers(workers);
        OutboundTrust trust = outbound.trust();
        tlsHttp = new JettyHttpTransport("proxy-upstream-https", trust.context());
        // Plain http goes through the lean NIO client unless the operator chooses Jetty's for it too.
        boolean jettyForAll = "jetty".equals(Variables.text(config, PROXY_PLAIN_HTTP_CLIENT).orElse("nio"));
        plainHttp = jettyForAll ? tlsHttp : new NioHttpTransport("proxy-upstream-io");
        UpstreamParts parts = new UpstreamParts(plainHttp, tlsHttp, workers, timers, clock, this::secret,
                trust.socketFactory(), () -> configs.current().settings(),
                () -> ThreadLocalRandom.current().nextDouble());
        admission = new Admission(() -> configs.current().settings().admission(), clock, timers);
        String id = InstanceName.of(config);
        breakers = new Breakers(() -> configs.current().settings().breaker(), clock, id,
                breakerEvents::record, sharedBreakers.peers(id));
        sharedBreakers.listen(id, breakers);
        RateLimitCooldowns cooldowns = new RateLimitCooldowns(clock, sharedCooldowns.announcer(id));
        latencies = new ModelLatencies(clock, sharedLatencies.announcer(id, timers));
        sharedLatencies.listen(id, latencies::heard);
        quotas = new ProviderQuotas(clock, cooldowns);
        sharedCooldowns.listen(id, cooldowns::heard);
        executor = new ChainExecutor(UpstreamKinds.router(parts), timers, clock, cooldowns,
                breakers, latencies, quotas, slots, () -> ThreadLocalRandom.current().nextDouble());
    }

    /** Secrets come from the environment or any MicroProfile Config source; the value is never logged. */
    private Optional<String> secret(String name) {
        return secretCache.computeIfAbsent(name, n -> config.getOptionalValue(n, String.class).filter(s -> !s.isBlank()));
    }

    /** Whether the machinery that every request needs is running. */
    public boolean healthy() {
        return (!(plainHttp instanceof NioHttpTransport nio) || nio.isAlive()) && !workers.isShutdown();
    }

    @Produces
    Admission admission() {
        return admission;
    }

    @Produces
    Breakers breakers() {
        return breakers;
    }

    /** What each model has needed lately, as the chain measures it. */
    @Produces
    ModelLatencies latencies() {
        return latencies;
    }

    /** What each model's provider last said of its rate limits. */
    @Produces
    ProviderQuotas quotas() {
        return quotas;
    }

    /** Each model's calls in flight on this instance, against its concurrency cap. */
    @Produces
    ModelSlots slots() {
        return slots;
    }

    @Produces
    ChainExecutor executor() {
        return executor;
    }

    /** Timers for the application layer's waits (the chain's own come with the executor). */
    @Produces
    Sleeper sleeper() {
        return timers;
    }

    @Produces
    Clock clock() {
        return clock;
    }

    @PreDestroy
    void stop() {
        timers.close();
        if (plainHttp != tlsHttp) {
            plainHttp.close();
        }
        tlsHttp.close();
        workers.shutdownNow();
    }

    private static ThreadFactory namedDaemons(String prefix) {
        ClassLoader appLoader = ProxyRuntime.class.getClassLoader();
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, prefix + "-" + n.incrementAndGet());
            t.setDaemon(true);
            // JSON-P and MicroProfile look providers up through the context class loader.
            t.setContextClassLoader(appLoader);
            return t;
        };
    }
}
