package dev.llmproxy.interfaces.console;

import dev.llmproxy.domain.config.SettingKeys;
import dev.llmproxy.domain.config.Settings;
import dev.llmproxy.domain.limits.ScopeLimit;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class SettingsFormTest {

    private static Map<String, String> shown(Settings s) {
        Map<String, String> form = new HashMap<>();
        SettingsForm.view(s, Map.of(), Map.of()).forEach(g -> g.fields().forEach(f -> form.put(f.name(), f.value())));
        return form;
    }

    @Test
    void everySettingIsShownOnceInAGroupWithItsUnitDefaultAndHelp() {
        List<SettingsForm.Group> groups = SettingsForm.view(Settings.defaults(), Map.of(), Map.of());
        assertThat(groups.stream().mapToInt(g -> g.fields().size()).sum()).isEqualTo(SettingKeys.all().size());
        SettingsForm.Field budget = groups.get(0).fields().stream().filter(f -> f.name().equals("chainBudgetMs"))
                .findFirst().orElseThrow();
        assertThat(budget.unit()).isEqualTo("ms");
        assertThat(budget.defaultValue()).isEqualTo("18000");
        assertThat(budget.help()).isNotBlank();
        assertThat(groups.stream().map(SettingsForm.Group::title)).doesNotContain("Other");
    }

    @Test
    void aRuleAcrossSettingsPutsItsMessageBesideTheSettingItNames() {
        Map<String, String> form = shown(Settings.defaults());
        form.put("backoffInitialMs", "5000");
        form.put("backoffMaxMs", "100");
        SettingsForm.Read read = SettingsForm.read(Settings.defaults(), form::get);
        assertThat(read.ok()).isFalse();
        assertThat(read.errors()).containsOnlyKeys("backoffInitialMs");
        assertThat(read.errors().get("backoffInitialMs")).contains("must not exceed settings.backoffMaxMs");
    }

    @Test
    void readingTheFormAsShownChangesNothing() {
        Settings s = Settings.defaults();
        SettingsForm.Read read = SettingsForm.read(s, shown(s)::get);
        assertThat(read.ok()).isTrue();
        assertThat(read.changed()).isEmpty();
        assertThat(read.settings()).isEqualTo(s);
    }

    @Test
    void changedFieldsAreReadAndBadOnesComeBackPerFieldWithNothingSaved() {
        Map<String, String> form = shown(Settings.defaults());
        form.put("maxPromptChars", "500");
        form.put("scopeLimits", "pairing=5/20\nchat=0/100");
        form.put("allowedOrigins", "app.example.com, .partner.org");
        form.put("allowAnonymousCallers", "false");
        SettingsForm.Read good = SettingsForm.read(Settings.defaults(), form::get);
        assertThat(good.ok()).as(good.errors().toString()).isTrue();
        assertThat(good.changed()).containsExactlyInAnyOrder("maxPromptChars", "scopeLimits", "allowedOrigins",
                "allowAnonymousCallers");
        assertThat(good.settings().callers().maxPromptChars()).isEqualTo(500);
        assertThat(good.settings().callers().scopeLimits()).containsEntry("pairing", new ScopeLimit(5, 20));
        assertThat(good.settings().callers().allowAnonymousCallers(false)).isFalse();

        form.put("attemptTimeoutMs", "soon");
        form.put("queueDepth", "-3");
        form.put("scopeLimits", "pairing");
        SettingsForm.Read bad = SettingsForm.read(Settings.defaults(), form::get);
        assertThat(bad.ok()).isFalse();
        assertThat(bad.settings()).isNull();
        assertThat(bad.errors()).containsKeys("attemptTimeoutMs", "queueDepth", "scopeLimits");
        assertThat(bad.errors().get("queueDepth")).contains("between 0 and");
        assertThat(bad.errors().get("scopeLimits")).contains("name=perMinute/perHour");
    }
}
