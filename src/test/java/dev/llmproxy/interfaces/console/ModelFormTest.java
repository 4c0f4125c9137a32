package dev.llmproxy.interfaces.console;

import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.catalog.Provider;
import dev.llmproxy.domain.catalog.ProviderKind;
import dev.llmproxy.domain.config.RuntimeConfig;
import dev.llmproxy.domain.config.Settings;
import dev.llmproxy.domain.config.Tier;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class ModelFormTest {

    private static final RuntimeConfig CONFIG = RuntimeConfig.of(3, List.of(new Provider("sim", ProviderKind.SIM, null, null)),
            List.of(AllowedModel.of("a", "sim", "healthy")), List.of(new Tier("t", null, List.of("a"))), Settings.defaults());

    @Test
    void addsAModelWithEveryField() {
        Map<String, String> form = new java.util.HashMap<>(Map.of("name", "b", "provider", "sim", "upstreamModel",
                "healthy", "enabled", "on", "free", "on", "freeVerifiedOn", "2026-11-30", "contextWindow", "8192"));
        form.putAll(Map.of("supportsPrefill", "on", "inputCostPerMTok", "0.15", "outputCostPerMTok", "0.6",
                "localStandIn", "a", "reasoningEffort", "medium", "thinkingHeadroom", "4096"));
        ModelForm.Result r = ModelForm.save(CONFIG, null, form::get);
        assertThat(r.ok()).as(r.errors().toString()).isTrue();
        AllowedModel b = r.config().model("b").orElseThrow();
        assertThat(b.free()).isTrue();
        assertThat(b.freeVerifiedOn()).isEqualTo(LocalDate.of(2026, 11, 30));
        assertThat(b.contextWindow()).isEqualTo(8192);
        assertThat(b.inputCostPerMTok()).isEqualByComparingTo(new BigDecimal("0.15"));
        assertThat(b.localStandIn()).isEqualTo("a");
        assertThat(b.reasoningEffort()).isEqualTo("medium");
        assertThat(b.thinkingHeadroom()).isEqualTo(4096);
        // the form shows what it saved
        assertThat(ModelForm.values(b)).containsEntry("supportsPrefill", "on").containsEntry("outputCostPerMTok", "0.6");
    }

    @Test
    void everyProblemLandsOnItsField() {
        Map<String, String> form = Map.of("name", "t", "provider", "sim", "upstreamModel", "explode-now",
                "contextWindow", "lots", "inputCostPerMTok", "cheap", "freeVerifiedOn", "yesterday",
                "thinkingHeadroom", "plenty");
        ModelForm.Result r = ModelForm.save(CONFIG, null, form::get);
        assertThat(r.errors()).containsKeys("name", "contextWindow", "inputCostPerMTok", "freeVerifiedOn", "thinkingHeadroom");
        Map<String, String> semantic = Map.of("name", "c", "provider", "sim", "upstreamModel", "explode-now",
                "contextWindow", "-5", "reasoningEffort", "extreme");
        ModelForm.Result r2 = ModelForm.save(CONFIG, null, semantic::get);
        assertThat(r2.errors()).containsKeys("upstreamModel", "contextWindow", "reasoningEffort");
    }

    @Test
    void editingKeepsTheNameAndAnUntickedBoxDisables() {
        Map<String, String> form = Map.of("provider", "sim", "upstreamModel", "healthy");
        ModelForm.Result r = ModelForm.save(CONFIG, "a", form::get);
        assertThat(r.ok()).isTrue();
        assertThat(r.config().model("a").orElseThrow().enabled()).isFalse();
        assertThat(r.config().models()).hasSize(1);
    }
}
