package dev.llmproxy.infrastructure.metrics;

import dev.llmproxy.domain.admission.Admission;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** The admission queue: how many wait, how many run, how many were turned away and why. */
@ApplicationScoped
public class AdmissionMeters implements MechanismMeters {

    private final Admission admission;

    @Inject
    AdmissionMeters(Admission admission) {
        this.admission = admission;
    }

    /** For the container's client proxy. */
    protected AdmissionMeters() {
        this(null);
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        Gauge.builder("proxy.queue.depth", admission, Admission::queued).strongReference(true)
                .description("Requests waiting for an upstream slot").register(registry);
        Gauge.builder("proxy.upstream.in.flight", admission, Admission::running).strongReference(true)
                .description("Requests doing upstream work now").register(registry);
        FunctionCounter.builder("proxy.queue.rejections", admission, Admission::rejectedFull)
                .description("Requests refused at once because the queue was full").register(registry);
        FunctionCounter.builder("proxy.queue.timeouts", admission, Admission::timedOut)
                .description("Requests that gave up after waiting the queue-wait limit").register(registry);
    }
}
