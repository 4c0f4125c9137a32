package dev.llmproxy.domain.config;

import org.junit.jupiter.api.Test;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Each group of settings is read through one record: changing a setting changes its own group's record and no
 * other, so a policy that takes one record sees every setting of its concern and nothing else.
 */
class SettingsRecordsTest {

    private static final Map<SettingGroup, Function<Settings, Object>> RECORDS = new EnumMap<>(Map.of(
            SettingGroup.TIME_BUDGETS, Settings::timeBudgets,
            SettingGroup.STREAMING, Settings::streaming,
            SettingGroup.OUTCOMES, Settings::outcomes,
            SettingGroup.COST_SAFETY, Settings::costSafety,
            SettingGroup.PROVIDERS, Settings::providerHeaders,
            SettingGroup.BREAKERS, Settings::breaker,
            SettingGroup.ADMISSION, Settings::admission,
            SettingGroup.CALLERS, Settings::callers,
            SettingGroup.SIGN_IN, Settings::signIn,
            SettingGroup.REQUEST_LOG, Settings::log));

    @Test
    void everyGroupHasItsRecord() {
        assertThat(RECORDS.keySet()).containsExactlyInAnyOrder(SettingGroup.values());
    }

    @Test
    void aSettingChangesItsOwnGroupsRecordAndNoOther() {
        Settings defaults = Settings.defaults();
        for (SettingKey<?> key : SettingKeys.all()) {
            Settings changed = Settings.builder().set(key.name(), otherThanDefault(key)).build();
            for (Map.Entry<SettingGroup, Function<Settings, Object>> record : RECORDS.entrySet()) {
                boolean own = record.getKey() == key.group();
                assertThat(record.getValue().apply(changed).equals(record.getValue().apply(defaults)))
                        .as(key.name() + (own ? " changes " : " leaves alone ") + record.getKey()).isEqualTo(!own);
            }
        }
    }

    @Test
    void settingsThatContradictEachOtherAreAProblemOfTheSetting() {
        assertThatThrownBy(() -> Settings.builder().set("backoffInitialMs", 5_000L).set("backoffMaxMs", 1_000L).build())
                .isInstanceOfSatisfying(SettingProblem.class, p -> assertThat(p.setting()).isEqualTo("backoffInitialMs"));
    }

    /** A valid value of that setting that is not its default, in the config document's plain form. */
    private static Object otherThanDefault(SettingKey<?> key) {
        if (key instanceof LongKey l) {
            long d = l.defaultValue();
            return d < l.max() ? d + 1 : d - 1;
        }
        if (key instanceof BoolKey b) {
            return b.defaultValue() == null || !b.defaultValue();
        }
        if (key instanceof ChoiceKey c) {
            return c.choices().stream().filter(v -> !v.equals(c.defaultValue())).findFirst().orElseThrow();
        }
        if (key instanceof IntListKey) {
            return List.of(418);
        }
        if (key instanceof TextListKey) {
            return List.of(key == SettingKeys.ALLOWED_ORIGINS ? "app.example.com" : key == SettingKeys.TRUSTED_PROXIES
                    ? "10.0.0.0/8" : "some marker");
        }
        if (key instanceof ScopeLimitsKey) {
            return Map.of("pairing", Map.of("perMinute", 5, "perHour", 20));
        }
        if (key instanceof BudgetsKey) {
            return Map.of("global", Map.of("dailyUsd", 20));
        }
        return "https://app.example.com";
    }

    @Test
    void theOtherValuesAreNotTheDefaults() {
        Set<String> same = new java.util.TreeSet<>();
        for (SettingKey<?> key : SettingKeys.all()) {
            Settings changed = Settings.builder().set(key.name(), otherThanDefault(key)).build();
            if (changed.equals(Settings.defaults())) {
                same.add(key.name());
            }
        }
        assertThat(same).isEmpty();
    }
}
