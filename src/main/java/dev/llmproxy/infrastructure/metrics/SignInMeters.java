package dev.llmproxy.infrastructure.metrics;

import dev.llmproxy.application.security.SignInThrottle;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** Sign-ins to the console and the admin API that failed, and the lock-outs they started. */
@ApplicationScoped
public class SignInMeters implements MechanismMeters {

    private final SignInThrottle signIns;

    @Inject
    SignInMeters(SignInThrottle signIns) {
        this.signIns = signIns;
    }

    /** For the container's client proxy. */
    protected SignInMeters() {
        this(null);
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        FunctionCounter.builder("proxy.sign.in.failures", signIns, SignInThrottle::failures)
                .description("Failed sign-ins on the console or the admin API").register(registry);
        FunctionCounter.builder("proxy.sign.in.lockouts", signIns, SignInThrottle::lockOuts)
                .description("Lock-outs started: an address or a user name reached its failed sign-in limit")
                .register(registry);
    }
}
