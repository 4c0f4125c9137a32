package dev.llmproxy.domain.text;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class StorableTextTest {

    @Test
    void nulAndUnpairedSurrogatesAreReplacedAndEverythingElseKept() {
        assertThat(StorableText.of("a\u0000b")).isEqualTo("a\uFFFDb");
        assertThat(StorableText.of("x\uD800y")).isEqualTo("x\uFFFDy");
        assertThat(StorableText.of("x\uDC00")).isEqualTo("x\uFFFD");
        assertThat(StorableText.of("end\uD83D")).isEqualTo("end\uFFFD");
        assertThat(StorableText.of("emoji \uD83D\uDE00 \u0000")).isEqualTo("emoji \uD83D\uDE00 \uFFFD");
        assertThat(StorableText.of(null)).isNull();
    }

    @Test
    void storableTextIsTheSameInstance() {
        String s = "plain \uD83D\uDE00 text\n\t";
        assertThat(StorableText.of(s)).isSameAs(s);
        assertThat(StorableText.storable(s)).isTrue();
        assertThat(StorableText.storable("a\u0000")).isFalse();
    }
}
