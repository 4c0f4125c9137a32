package dev.llmproxy.infrastructure.persistence;

import dev.llmproxy.domain.log.CallerRecord;
import dev.llmproxy.domain.log.RequestRecord;
import dev.llmproxy.domain.failure.Outcome;
import dev.llmproxy.domain.routing.AttemptRecord;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class RequestRollupsTest {

    private static final Instant T = Instant.parse("2026-12-02T10:59:59.999Z");

    private static RequestLogEntity row(Instant at, String model, boolean fallback, int status, String cost) {
        return RequestLogMapper.toEntity(RequestRecord.of("r", at).asked(null, "m").answeredBy(model, fallback)
                .status(status, null).usage(10, 2, 12).cost(cost == null ? null : new BigDecimal(cost))
                .caller(new CallerRecord("h", "k", null, null, null, null), null).build());
    }

    @Test
    void aBatchIsSummedPerHourByModelByTierAndByKeyAndPerFiveMinutesByModelWithEachOutcomeCounted() {
        Map<RequestRollups.Slot, RequestRollups.Totals> slots = RequestRollups.sum(List.of(
                row(T, "m", false, 200, "0.5"), row(T, "m", true, 200, null), row(T, "m", false, 502, "0.25"),
                row(T.plusMillis(1), "m", false, 200, "1"), row(T, null, false, 429, null)));

        LocalDateTime ten = LocalDateTime.parse("2026-12-02T10:00");
        LocalDateTime lastSlice = LocalDateTime.parse("2026-12-02T10:55");
        LocalDateTime eleven = LocalDateTime.parse("2026-12-02T11:00");
        assertThat(slots.keySet()).containsExactly(
                new RequestRollups.Slot(ten, "key", "k"), new RequestRollups.Slot(ten, "model", ""),
                new RequestRollups.Slot(ten, "model", "m"), new RequestRollups.Slot(ten, "tier", ""),
                new RequestRollups.Slot(lastSlice, "slice", ""), new RequestRollups.Slot(lastSlice, "slice", "m"),
                new RequestRollups.Slot(eleven, "key", "k"), new RequestRollups.Slot(eleven, "model", "m"),
                new RequestRollups.Slot(eleven, "slice", "m"), new RequestRollups.Slot(eleven, "tier", ""));
        RequestRollups.Totals slice = slots.get(new RequestRollups.Slot(lastSlice, "slice", "m"));
        assertThat(List.of(slice.requests, slice.ok, slice.degraded, slice.failed)).containsExactly(3L, 1L, 1L, 1L);
        RequestRollups.Totals m = slots.get(new RequestRollups.Slot(ten, "model", "m"));
        assertThat(List.of(m.requests, m.ok, m.degraded, m.failed, m.promptTokens, m.completionTokens, m.costed))
                .containsExactly(3L, 1L, 1L, 1L, 30L, 6L, 2L);
        assertThat(m.costUsd).isEqualByComparingTo("0.75");
        RequestRollups.Totals key = slots.get(new RequestRollups.Slot(ten, "key", "k"));
        assertThat(List.of(key.requests, key.failed, key.costed)).containsExactly(4L, 2L, 2L); // unanswered: no cost
        assertThat(key.costUsd).isEqualByComparingTo("0.75");
    }

    @Test
    void spendIsWhatEveryAttemptBilledByItsModelWhicheverWayTheRequestEnded() {
        AttemptRecord cut = new AttemptRecord("a", Outcome.STREAM_BROKEN, 200, Duration.ofMillis(5), "cut", 40,
                new BigDecimal("0.4"));
        AttemptRecord answered = new AttemptRecord("b", Outcome.SUCCESS, 200, Duration.ofMillis(5), "ok", 10,
                new BigDecimal("0.1"));
        AttemptRecord timedOut = new AttemptRecord("a", Outcome.TIMEOUT, null, Duration.ofMillis(5), "timeout", 50,
                new BigDecimal("0.5"));
        RequestLogEntity rescued = RequestLogMapper.toEntity(RequestRecord.of("r1", T).asked("t", "t")
                .answeredBy("b", true).status(200, null).cost(new BigDecimal("0.5")).attempts(List.of(cut, answered))
                .caller(new CallerRecord("h", "k", null, null, null, null), null).build());
        RequestLogEntity failed = RequestLogMapper.toEntity(RequestRecord.of("r2", T).asked("t", "t")
                .status(504, "timeout").cost(new BigDecimal("0.5")).attempts(List.of(timedOut))
                .caller(new CallerRecord("h", "k", null, null, null, null), null).build());

        Map<RequestRollups.Slot, RequestRollups.Totals> slots = RequestRollups.sum(List.of(rescued, failed));

        LocalDateTime ten = LocalDateTime.parse("2026-12-02T10:00");
        RequestRollups.Totals a = slots.get(new RequestRollups.Slot(ten, "model", "a"));
        RequestRollups.Totals b = slots.get(new RequestRollups.Slot(ten, "model", "b"));
        RequestRollups.Totals tier = slots.get(new RequestRollups.Slot(ten, "tier", "t"));
        assertThat(a.costUsd).isEqualByComparingTo("0.9"); // a cut and a timeout: never answered, billed all the same
        assertThat(a.requests).isZero();
        assertThat(b.costUsd).isEqualByComparingTo("0.1");
        assertThat(b.requests).isEqualTo(1);
        assertThat(tier.costUsd).isEqualByComparingTo("1.0"); // what the budgets settled: both requests, every attempt
        assertThat(List.of(tier.requests, tier.failed, tier.costed)).containsExactly(2L, 1L, 2L);
    }
}
