package dev.llmproxy.infrastructure.upstream.gemini;

import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static dev.llmproxy.infrastructure.upstream.gemini.GeminiThinking.Family.BUDGET;
import static dev.llmproxy.infrastructure.upstream.gemini.GeminiThinking.Family.LEVEL;
import static dev.llmproxy.infrastructure.upstream.gemini.GeminiThinking.Family.NONE;
import static org.assertj.core.api.Assertions.assertThat;

class GeminiThinkingTest {

    @ParameterizedTest
    @CsvSource({
            "gemini-2.5-pro, BUDGET", "gemini-2.5-flash, BUDGET", "gemini-2.5-flash-lite, BUDGET",
            "models/gemini-2.5-flash, BUDGET", "gemini-2.5-flash-preview-09-2025, BUDGET",
            "gemini-3-pro-preview, LEVEL", "gemini-3-flash-preview, LEVEL", "gemini-3.1-pro-preview, LEVEL",
            "gemini-3.1-flash-lite, LEVEL", "gemini-3.5-flash, LEVEL", "gemini-3.8-flash, LEVEL", "gemini-4-pro, LEVEL",
            "gemini-2.0-flash, NONE", "gemini-1.5-pro, NONE", "gemma-3-27b-it, NONE", "learnlm-2.0-flash, NONE"})
    void theFamilyIsReadOffTheName(String model, GeminiThinking.Family family) {
        assertThat(GeminiThinking.family(model)).isEqualTo(family);
    }

    @Test
    void gemini31IsNotMistakenForAnOlderModel() {
        assertThat(GeminiThinking.family("gemini-3.1-pro-preview")).isEqualTo(LEVEL);
        assertThat(GeminiThinking.levelsOf("gemini-3.1-pro-preview")).containsExactly("low", "medium", "high");
    }

    @ParameterizedTest(name = "{0} at {1}: budget {2}")
    @CsvSource({
            // 2.5 Pro: 128..32768, never 0
            "gemini-2.5-pro, none, 128, false", "gemini-2.5-pro, minimal, 128, true", "gemini-2.5-pro, low, 1024, true",
            "gemini-2.5-pro, medium, 8192, true", "gemini-2.5-pro, high, 24576, true", "gemini-2.5-pro, xhigh, 24576, true",
            // 2.5 Flash: 0..24576
            "gemini-2.5-flash, none, 0, false", "gemini-2.5-flash, minimal, 128, true", "gemini-2.5-flash, high, 24576, true",
            // 2.5 Flash-Lite: 512..24576, or 0
            "gemini-2.5-flash-lite, none, 0, false", "gemini-2.5-flash-lite, minimal, 512, true",
            "gemini-2.5-flash-lite, low, 1024, true"})
    void effortsBecomeBudgetsWithinTheModelsRange(String model, String effort, int budget, boolean thoughts) {
        JsonObject config = GeminiThinking.plan(model, effort).config();
        assertThat(config.getInt("thinkingBudget")).isEqualTo(budget);
        assertThat(config.getBoolean("includeThoughts")).isEqualTo(thoughts);
        assertThat(config.containsKey("thinkingLevel")).isFalse();
    }

    @ParameterizedTest(name = "{0} at {1}: {2}")
    @CsvSource({
            "gemini-3-pro-preview, minimal, low", "gemini-3-pro-preview, medium, high", "gemini-3-pro-preview, none, low",
            "gemini-3.1-pro-preview, minimal, low", "gemini-3.1-pro-preview, medium, medium",
            "gemini-3.1-pro-preview, none, low", "gemini-3-flash-preview, minimal, minimal",
            "gemini-3.5-flash, none, minimal", "gemini-3.5-flash, high, high", "gemini-3.1-flash-lite, max, high"})
    void effortsBecomeLevelsTheModelAllows(String model, String effort, String level) {
        JsonObject config = GeminiThinking.plan(model, effort).config();
        assertThat(config.getString("thinkingLevel")).isEqualTo(level);
        assertThat(config.getBoolean("includeThoughts")).isEqualTo(!effort.equals("none"));
        assertThat(config.containsKey("thinkingBudget")).isFalse();
    }

    @Test
    void withoutAnEffortTheModelsDefaultStandsButItsThoughtsGetRoom() {
        assertThat(GeminiThinking.plan("gemini-2.5-flash", null).config()).isNull();
        assertThat(GeminiThinking.plan("gemini-2.5-flash", null).headroom()).isPositive();
        assertThat(GeminiThinking.plan("gemini-3.5-flash", null).headroom()).isPositive();
        // Flash-Lite does not think unless asked to.
        assertThat(GeminiThinking.plan("gemini-2.5-flash-lite", null).headroom()).isZero();
    }

    @Test
    void anOlderModelGetsNoThinkingConfigAtAll() {
        assertThat(GeminiThinking.plan("gemini-2.0-flash", "high")).isEqualTo(GeminiThinking.Plan.NONE);
    }

    @Test
    void theHeadroomIsTheBudgetWhenThereIsOne() {
        assertThat(GeminiThinking.plan("gemini-2.5-pro", "low").headroom()).isEqualTo(1024);
        assertThat(GeminiThinking.plan("gemini-2.5-flash", "none").headroom()).isZero();
        assertThat(GeminiThinking.plan("gemini-3.5-flash", "minimal").headroom())
                .isLessThan(GeminiThinking.plan("gemini-3.5-flash", "high").headroom());
    }
}
