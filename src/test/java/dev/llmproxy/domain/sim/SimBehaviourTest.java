package dev.llmproxy.domain.sim;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SimBehaviourTest {

    @Test
    void namesSelectBehaviours() {
        assertThat(SimBehaviour.parse("healthy").latencyMs()).isEqualTo(20);
        assertThat(SimBehaviour.parse("healthy-300ms").latencyMs()).isEqualTo(300);
        SimBehaviour flaky = SimBehaviour.parse("flaky-30pct-80ms");
        assertThat(flaky.kind()).isEqualTo(SimBehaviour.Kind.FLAKY);
        assertThat(flaky.failurePercent()).isEqualTo(30);
        assertThat(SimBehaviour.parse("ratelimited").retryAfterSeconds()).isNull();
        assertThat(SimBehaviour.parse("ratelimited-retry-after-5s").retryAfterSeconds()).isEqualTo(5);
        assertThat(SimBehaviour.parse("error-503").status()).isEqualTo(503);
        assertThat(SimBehaviour.parse("hang").kind()).isEqualTo(SimBehaviour.Kind.HANG);
        assertThat(SimBehaviour.parse("truncated").kind()).isEqualTo(SimBehaviour.Kind.TRUNCATED);
        assertThat(SimBehaviour.parse("cut-after-7").kind()).isEqualTo(SimBehaviour.Kind.CUT);
        assertThat(SimBehaviour.parse("cut-after-7").cutAfterWords()).isEqualTo(7);
        assertThat(SimBehaviour.parse("refusal").status()).isEqualTo(400);
        assertThat(SimBehaviour.parse("context-overflow").kind()).isEqualTo(SimBehaviour.Kind.CONTEXT_OVERFLOW);
    }

    @Test
    void unknownOrOutOfRangeNamesAreRejectedWithTheGrammar() {
        assertThatThrownBy(() -> SimBehaviour.parse("dance")).hasMessageContaining("healthy[-Nms]");
        assertThatThrownBy(() -> SimBehaviour.parse("flaky-101pct")).hasMessageContaining("0-100");
        assertThatThrownBy(() -> SimBehaviour.parse("error-200")).hasMessageContaining("400-599");
        assertThat(SimBehaviour.validate("healthy")).isEmpty();
    }
}
