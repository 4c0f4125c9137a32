package dev.llmproxy.infrastructure.persistence;

import dev.llmproxy.domain.log.CallerRecord;
import dev.llmproxy.domain.log.RequestLogRepository;
import dev.llmproxy.domain.log.RequestRecord;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.sql.Connection;
import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Spend summed in the database: by model, tier and key, within the period, rows without a cost left out. */
class RequestLogSpendTest {

    private static final Instant T = Instant.parse("2026-12-02T10:00:00Z");

    private static RequestRecord row(String id, Instant at, String tier, String model, String key, String cost) {
        return RequestRecord.of(id, at).asked(tier, tier == null ? model : tier).answeredBy(model, false)
                .status(200, null).caller(new CallerRecord("h", key, null, null, null, null), null)
                .cost(cost == null ? null : new BigDecimal(cost)).build();
    }

    @Test
    void sumsThePeriodsCostsByModelTierAndKey() throws Exception {
        JdbcDataSource ds = new JdbcDataSource();
        ds.setURL("jdbc:h2:mem:spend-" + System.nanoTime() + ";DB_CLOSE_DELAY=-1");
        new SchemaMigrations(ds).migrate();
        try (Connection c = ds.getConnection()) {
            RequestLogInserts.insert(c, List.of(
                    row("a", T, "fast", "m1", "k1", "0.0000585"),
                    row("b", T.plusSeconds(1), "fast", "m2", null, "0.25"),
                    row("c", T.plusSeconds(2), null, "m1", "k1", "0.0000015"),
                    row("d", T.plusSeconds(3), "fast", "m1", "k2", null),
                    row("e", T.minusSeconds(3600), "fast", "m1", "k1", "9")));
            RequestLogRepository.Spend s = RequestLogSpend.query(c, T, T.plusSeconds(60));
            assertThat(s.total()).isEqualByComparingTo("0.25006");
            assertThat(s.byModel().keySet()).containsExactly("m2", "m1");
            assertThat(s.byModel().get("m1")).isEqualByComparingTo("0.00006");
            assertThat(s.byTier().get("fast")).isEqualByComparingTo("0.2500585");
            assertThat(s.byTier().get("none")).isEqualByComparingTo("0.0000015");
            assertThat(s.byKey().get("k1")).isEqualByComparingTo("0.00006");
            assertThat(s.byKey().get("none")).isEqualByComparingTo("0.25");
        }
    }
}
