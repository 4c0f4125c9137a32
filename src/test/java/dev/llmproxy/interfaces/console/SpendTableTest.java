package dev.llmproxy.interfaces.console;

import dev.llmproxy.domain.log.RequestLogRepository;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class SpendTableTest {

    private static RequestLogRepository.Spend spend(String total, Map<String, BigDecimal> byModel) {
        return new RequestLogRepository.Spend(new BigDecimal(total), byModel, Map.of(), Map.of());
    }

    @Test
    void everySpenderOfTheMonthWithTodaysShareLargestFirst() {
        Map<String, BigDecimal> month = new LinkedHashMap<>();
        month.put("big", new BigDecimal("12.345"));
        month.put("small", new BigDecimal("0.0000585"));
        SpendTable t = SpendTable.of(spend("0.5", Map.of("big", new BigDecimal("0.5"))), spend("12.3450585", month));
        assertThat(t.today()).isEqualTo("$0.50");
        assertThat(t.month()).isEqualTo("$12.35");
        assertThat(t.byModel()).containsExactly(new SpendTable.Row("big", "$0.50", "$12.35"),
                new SpendTable.Row("small", "$0", "$0.0000585"));
        assertThat(t.sections()).extracting(SpendTable.Section::caption).containsExactly("By model", "By tier", "By API key");
    }

    @Test
    void smallSumsKeepFourSignificantDigits() {
        assertThat(SpendTable.dollars(new BigDecimal("0.00012345678"))).isEqualTo("$0.0001235");
        assertThat(SpendTable.dollars(BigDecimal.ZERO.setScale(10))).isEqualTo("$0");
    }
}
