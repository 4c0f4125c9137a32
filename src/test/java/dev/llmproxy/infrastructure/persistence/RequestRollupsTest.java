package dev.llmproxy.infrastructure.persistence;

import dev.llmproxy.domain.log.CallerRecord;
import dev.llmproxy.domain.log.RequestRecord;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
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
}
