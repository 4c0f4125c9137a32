package dev.llmproxy.application.proxy;

import dev.llmproxy.application.access.RefusalRuns;
import dev.llmproxy.application.log.RequestLog;
import dev.llmproxy.domain.failure.ErrorKind;
import dev.llmproxy.domain.limits.RefusalMemory;
import dev.llmproxy.domain.log.RequestRecord;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Clock;
import java.util.List;

/**
 * The request-log rows of the refusals a window known to be full answers from memory: one row per caller and window,
 * with its count and its first and last time, written once the run is over, and every run when the instance stops.
 */
@ApplicationScoped
public class RefusalRunRecords {

    private final RequestLog requestLog;
    private final RefusalRuns refusals;
    private final AnswerCodes codes;
    private final Clock clock;

    @Inject
    RefusalRunRecords(RequestLog requestLog, RefusalRuns refusals, AnswerCodes codes, Clock clock) {
        this.requestLog = requestLog;
        this.refusals = refusals;
        this.codes = codes;
        this.clock = clock;
    }

    /** For the container's client proxy. */
    protected RefusalRunRecords() {
        this(null, null, null, null);
    }

    @PostConstruct
    void writeRunsOnTheWayDown() {
        requestLog.beforeStop(this::allRefusalRuns);
    }

    /** Writes the runs of remembered refusals that are over. */
    public void refusalRunsOver() {
        write(refusals.ended(clock.instant()));
    }

    /** Writes every run of remembered refusals, over or not: the instance is stopping. */
    public void allRefusalRuns() {
        write(refusals.all());
    }

    private void write(List<RefusalMemory.Run<RefusalRuns.First>> runs) {
        for (RefusalMemory.Run<RefusalRuns.First> run : runs) {
            requestLog.submit(RequestRecord.of(run.first().requestId(), run.firstAt())
                    .status(codes.status(ErrorKind.RATE_LIMITED), codes.code(ErrorKind.RATE_LIMITED))
                    .caller(run.first().caller().refusedRepeatedly(run.count(), run.lastAt()), null).build());
        }
    }
}
