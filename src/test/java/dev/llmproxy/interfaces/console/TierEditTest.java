package dev.llmproxy.interfaces.console;

import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.catalog.Provider;
import dev.llmproxy.domain.catalog.ProviderKind;
import dev.llmproxy.domain.config.AnswerReuse;
import dev.llmproxy.domain.config.RuntimeConfig;
import dev.llmproxy.domain.config.Settings;
import dev.llmproxy.domain.config.Tier;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TierEditTest {

    private static final RuntimeConfig CONFIG = RuntimeConfig.of(4, List.of(new Provider("sim", ProviderKind.SIM, null, null)),
            List.of(AllowedModel.of("a", "sim", "healthy"), AllowedModel.of("b", "sim", "healthy"),
                    AllowedModel.of("c", "sim", "healthy")),
            List.of(new Tier("t", "first", List.of("a", "b")), new Tier("u", null, List.of("c"))), Settings.defaults());

    @Test
    void movesAModelUpAndDownTheChain() {
        TierEdit.Result up = new TierEdit("up", 1, null, null).apply(CONFIG, "t");
        assertThat(up.config().tier("t").orElseThrow().chain()).containsExactly("b", "a");
        assertThat(up.summary()).isEqualTo("tier t: moved b up (chain [b, a])");
        assertThat(new TierEdit("down", 0, null, null).apply(CONFIG, "t").config().tier("t").orElseThrow().chain())
                .containsExactly("b", "a");
        assertThat(up.config().tier("u")).isEqualTo(CONFIG.tier("u"));
    }

    @Test
    void addsRemovesAndDescribes() {
        assertThat(new TierEdit("add", null, "c", null).apply(CONFIG, "t").config().tier("t").orElseThrow().chain())
                .containsExactly("a", "b", "c");
        assertThat(new TierEdit("remove", 0, null, null).apply(CONFIG, "t").config().tier("t").orElseThrow().chain())
                .containsExactly("b");
        assertThat(new TierEdit("describe", null, null, "  quick  ").apply(CONFIG, "t").config().tier("t")
                .orElseThrow().description()).isEqualTo("quick");
    }

    @Test
    void turnsHedgingOnAndOffKeepingItThroughOtherEdits() {
        TierEdit.Result on = new TierEdit("hedge", null, null, null).apply(CONFIG, "t");
        assertThat(on.config().tier("t").orElseThrow().hedged()).isTrue();
        assertThat(on.summary()).isEqualTo("tier t: hedges slow models");
        assertThat(new TierEdit("up", 1, null, null).apply(on.config(), "t").config().tier("t").orElseThrow()
                .hedged()).isTrue();
        assertThat(new TierEdit("rename", null, null, null, "w").apply(on.config(), "t").config().tier("w")
                .orElseThrow().hedged()).isTrue();
        TierEdit.Result off = new TierEdit("unhedge", null, null, null).apply(on.config(), "t");
        assertThat(off.config().tier("t").orElseThrow().hedged()).isFalse();
        assertThat(off.summary()).isEqualTo("tier t: no longer hedges");
    }

    @Test
    void addsAndRemovesTheModelsARefusalGoesToKeepingThemThroughOtherEdits() {
        TierEdit.Result added = new TierEdit("refusal-add", null, "c", null).apply(CONFIG, "t");
        assertThat(added.config().tier("t").orElseThrow().onRefusal()).containsExactly("c");
        assertThat(added.summary()).isEqualTo("tier t: refusals go to [c]");
        assertThat(new TierEdit("up", 1, null, null).apply(added.config(), "t").config().tier("t").orElseThrow()
                .onRefusal()).containsExactly("c");
        assertThatThrownBy(() -> new TierEdit("refusal-add", null, "c", null).apply(added.config(), "t"))
                .hasMessage("Refusals already go to 'c'.");
        assertThatThrownBy(() -> new TierEdit("refusal-add", null, "nope", null).apply(CONFIG, "t"))
                .hasMessage("Choose an allowlisted model for refusals to go to.");
        TierEdit.Result removed = new TierEdit("refusal-remove", 0, null, null).apply(added.config(), "t");
        assertThat(removed.config().tier("t").orElseThrow().onRefusal()).isEmpty();
        assertThat(removed.summary()).isEqualTo("tier t: refusals no longer go to c (a refusal stops)");
        assertThatThrownBy(() -> new TierEdit("refusal-remove", 0, null, null).apply(CONFIG, "t"))
                .hasMessageContaining("not among those refusals go to");
    }

    @Test
    void setsHowLongAnswersAreGivenAgainKeepingItThroughOtherEdits() {
        TierEdit.Result on = new TierEdit("reuse", null, null, null, null, AnswerReuse.ofSeconds(300, 3600))
                .apply(CONFIG, "t");
        assertThat(on.config().tier("t").orElseThrow().reuse()).isEqualTo(AnswerReuse.ofSeconds(300, 3600));
        assertThat(on.summary()).isEqualTo("tier t: answers given again while 300 s fresh, in place of an outage up to"
                + " 3600 s old");
        assertThat(new TierEdit("hedge", null, null, null).apply(on.config(), "t").config().tier("t").orElseThrow()
                .reuse()).isEqualTo(AnswerReuse.ofSeconds(300, 3600));
        assertThat(new TierEdit("reuse", null, null, null, null, AnswerReuse.NONE).apply(on.config(), "t").summary())
                .isEqualTo("tier t: answers no longer given again");
        assertThatThrownBy(() -> new TierEdit("reuse", null, null, null).apply(CONFIG, "t"))
                .hasMessageContaining("whole seconds");
        assertThatThrownBy(() -> new TierEdit("reuse", null, null, null, null, AnswerReuse.ofSeconds(0, 90_000))
                .apply(CONFIG, "t")).hasMessageContaining("staleIfErrorSeconds");
    }

    @Test
    void createsAndRenamesTiers() {
        TierEdit.Result created = TierEdit.create(CONFIG, "v", "c", "new one");
        assertThat(created.config().tier("v").orElseThrow().chain()).containsExactly("c");
        assertThat(created.summary()).isEqualTo("tier v created (chain [c])");
        TierEdit.Result renamed = new TierEdit("rename", null, null, null, "w").apply(CONFIG, "t");
        assertThat(renamed.config().tier("t")).isEmpty();
        assertThat(renamed.config().tier("w").orElseThrow().chain()).containsExactly("a", "b");
        assertThatThrownBy(() -> TierEdit.create(CONFIG, "t", "a", null)).hasMessageContaining("already");
        assertThatThrownBy(() -> TierEdit.create(CONFIG, "x", "ghost", null)).hasMessageContaining("allowlisted");
        assertThatThrownBy(() -> new TierEdit("rename", null, null, null, "u").apply(CONFIG, "t"))
                .hasMessageContaining("already");
        assertThatThrownBy(() -> new TierEdit("rename", null, null, null, "a").apply(CONFIG, "t"))
                .hasMessageContaining("also a model name");
    }

    @Test
    void refusesEditsThatMakeNoSenseWithAMessage() {
        assertThatThrownBy(() -> new TierEdit("up", 0, null, null).apply(CONFIG, "t")).hasMessageContaining("cannot move up");
        assertThatThrownBy(() -> new TierEdit("remove", 0, null, null).apply(CONFIG, "u")).hasMessageContaining("at least one");
        assertThatThrownBy(() -> new TierEdit("add", null, "a", null).apply(CONFIG, "t")).hasMessageContaining("already");
        assertThatThrownBy(() -> new TierEdit("add", null, "ghost", null).apply(CONFIG, "t")).hasMessageContaining("allowlisted");
        assertThatThrownBy(() -> new TierEdit("up", 7, null, null).apply(CONFIG, "t")).hasMessageContaining("position");
        assertThatThrownBy(() -> new TierEdit("up", 1, null, null).apply(CONFIG, "nope")).hasMessageContaining("no tier");
        assertThatThrownBy(() -> new TierEdit("explode", 0, null, null).apply(CONFIG, "t")).hasMessageContaining("Unknown");
    }
}
