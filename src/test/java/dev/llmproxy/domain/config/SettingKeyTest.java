package dev.llmproxy.domain.config;

import org.junit.jupiter.api.Test;

import java.util.EnumSet;
import java.util.Set;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Each setting carries everything the document, persistence and the console's form derive from it. */
class SettingKeyTest {

    @Test
    void everySettingIsInAGroupAndEveryGroupHasSettings() {
        Set<SettingGroup> used = SettingKeys.all().stream().map(SettingKey::group).collect(Collectors.toSet());
        assertThat(SettingKeys.all()).allSatisfy(k -> assertThat(k.group()).as(k.name()).isNotNull());
        assertThat(used).isEqualTo(EnumSet.allOf(SettingGroup.class));
    }

    @Test
    @SuppressWarnings({"unchecked", "rawtypes"})
    void everyDefaultSurvivesTheFormAndPersistenceCodecs() {
        for (SettingKey key : SettingKeys.all()) {
            Object value = key.defaultValue();
            if (value == null) {
                continue; // decided by the deployment
            }
            assertThat(key.coerce(key.fromFormText(key.formText(value)))).as(key.name() + " via the form").isEqualTo(value);
            assertThat(key.parseText(key.toText(value))).as(key.name() + " via persistence").isEqualTo(value);
            assertThat(key.coerce(key.toPlain(value))).as(key.name() + " via the document").isEqualTo(value);
        }
    }

    @Test
    void formTextThatIsNoValueIsAProblemOfThatSetting() {
        assertThatThrownBy(() -> SettingKeys.CHAIN_BUDGET_MS.fromFormText("soon"))
                .isInstanceOfSatisfying(SettingProblem.class, p -> {
                    assertThat(p.setting()).isEqualTo("chainBudgetMs");
                    assertThat(p.problem().path()).isEqualTo("settings.chainBudgetMs");
                    assertThat(p.getMessage()).isEqualTo("settings.chainBudgetMs must be a whole number (was soon)");
                });
    }
}
