package dev.llmproxy.domain.answer;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class FinishTest {

    @Test
    void chatsWordsAreReadAndAWordChatDoesNotDefineIsAStop() {
        assertThat(Finish.ofChat("stop")).isEqualTo(Finish.STOP);
        assertThat(Finish.ofChat("length")).isEqualTo(Finish.LENGTH);
        assertThat(Finish.ofChat("tool_calls")).isEqualTo(Finish.TOOL_CALLS);
        assertThat(Finish.ofChat("function_call")).isEqualTo(Finish.TOOL_CALLS);
        assertThat(Finish.ofChat("content_filter")).isEqualTo(Finish.CONTENT_FILTER);
        assertThat(Finish.ofChat("eos")).isEqualTo(Finish.STOP);
        assertThat(Finish.ofChat(null)).isNull();
        assertThat(Finish.ofChat("")).isNull();
    }

    @Test
    void bothRefusalsAreRefusedAndChatHasOneWordForThemTheLogTwo() {
        assertThat(Finish.REFUSAL.refused()).isTrue();
        assertThat(Finish.CONTENT_FILTER.refused()).isTrue();
        assertThat(Finish.LENGTH.refused()).isFalse();
        assertThat(Finish.REFUSAL.chat()).isEqualTo("content_filter");
        assertThat(Finish.REFUSAL.wireName()).isEqualTo("refusal");
        assertThat(Finish.TOOL_CALLS.chat()).isEqualTo("tool_calls");
        for (Finish f : Finish.values()) {
            assertThat(Finish.ofChat(f.chat()).chat()).isEqualTo(f.chat()); // chat's words read back as written
        }
    }
}
