package dev.llmproxy.infrastructure.persistence;

import dev.llmproxy.domain.failure.Outcome;
import dev.llmproxy.domain.log.RequestRecord;
import dev.llmproxy.domain.routing.AttemptRecord;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class RequestLogMapperTest {

    @Test
    void whatEachAttemptWasBilledGoesToTheRowAndComesBack() {
        List<AttemptRecord> attempts = List.of(
                new AttemptRecord("a", Outcome.STREAM_BROKEN, 200, Duration.ofMillis(12), "cut", 11,
                        new BigDecimal("0.0000255")),
                new AttemptRecord("b", Outcome.SERVER_ERROR, 503, Duration.ofMillis(3), "503"));
        RequestRecord r = RequestRecord.of("r1", Instant.parse("2026-12-02T10:00:00Z")).asked("t", "t")
                .status(502, "upstream_error").cost(new BigDecimal("0.0000255")).attempts(attempts).build();
        RequestRecord back = RequestLogMapper.toDomain(RequestLogMapper.toEntity(r));
        assertThat(back.attempts()).isEqualTo(attempts);
        assertThat(back.costUsd()).isEqualByComparingTo("0.0000255");
    }
}
