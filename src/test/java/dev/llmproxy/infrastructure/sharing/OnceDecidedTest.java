package dev.llmproxy.infrastructure.sharing;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The guard's fallback and a shared store that answers late: one decision, never two. */
class OnceDecidedTest {

    private final List<String> undone = new ArrayList<>();
    private int shares;
    private RuntimeException failure;

    private final SharedDecision<String> decision = new SharedDecision<>() {
        @Override
        public String shared() {
            if (failure != null) {
                throw failure;
            }
            return "store";
        }

        @Override
        public String onShare() {
            shares++;
            return "share";
        }

        @Override
        public void undo(String late) {
            undone.add(late);
        }
    };

    @Test
    void aStoreThatAnsweredPastTheTimeLimitStillDecidesForItHasCountedTheRequest() {
        OnceDecided<String> once = new OnceDecided<>(decision);
        assertThat(once.shared()).isEqualTo("store");
        assertThat(once.answered()).isTrue();
        assertThat(once.onShare()).isEqualTo("store"); // the fallback a timeout calls after the method returned
        assertThat(shares).isZero();
        assertThat(undone).isEmpty();
    }

    @Test
    void anAnswerThatCameAfterTheShareDecidedIsUndone() {
        OnceDecided<String> once = new OnceDecided<>(decision);
        assertThat(once.onShare()).isEqualTo("share");
        assertThat(once.shared()).isEqualTo("store"); // ignored by the guard, which has given up on it
        assertThat(undone).containsExactly("store");
        assertThat(shares).isEqualTo(1);
    }

    @Test
    void aStoreThatFailedLeavesTheDecisionToTheShare() {
        failure = new IllegalStateException("down");
        OnceDecided<String> once = new OnceDecided<>(decision);
        assertThatThrownBy(once::shared).isSameAs(failure);
        assertThat(once.answered()).isFalse();
        assertThat(once.onShare()).isEqualTo("share");
        assertThat(undone).isEmpty();
    }
}
