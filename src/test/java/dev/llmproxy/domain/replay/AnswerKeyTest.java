package dev.llmproxy.domain.replay;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class AnswerKeyTest {

    private static byte[] body(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void aKeyIsOneToTwoHundredFiftyFivePrintableAsciiCharacters() {
        assertThat(AnswerKey.problem("3f1c9a0e-1b2c-4d5e-8f90-a1b2c3d4e5f6")).isEmpty();
        assertThat(AnswerKey.problem("a".repeat(255))).isEmpty();
        assertThat(AnswerKey.problem("")).hasValueSatisfying(p -> assertThat(p).contains("1 to 255"));
        assertThat(AnswerKey.problem("a".repeat(256))).isPresent();
        assertThat(AnswerKey.problem("caf\u00e9")).hasValueSatisfying(p -> assertThat(p).contains("ASCII"));
        assertThat(AnswerKey.problem("a\u0000b")).isPresent();
        assertThatThrownBy(() -> AnswerKey.idempotent("key:1", "", "/v1/chat/completions", body("{}")))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theSameRequestHasTheSameFingerprintAndAnyOtherBodyOrPathAnother() {
        AnswerKey first = AnswerKey.idempotent("key:1", "k", "/v1/chat/completions", body("{\"model\":\"m\"}"));
        assertThat(AnswerKey.idempotent("key:1", "k", "/v1/chat/completions", body("{\"model\":\"m\"}")))
                .isEqualTo(first);
        assertThat(first.fingerprint()).hasSize(64);
        assertThat(AnswerKey.idempotent("key:1", "k", "/v1/chat/completions", body("{\"model\":\"n\"}")).fingerprint())
                .isNotEqualTo(first.fingerprint());
        assertThat(AnswerKey.idempotent("key:1", "k", "/v1/embeddings", body("{\"model\":\"m\"}")).fingerprint())
                .isNotEqualTo(first.fingerprint());
        // the path and the body are kept apart: moving a byte from one to the other is another request
        assertThat(AnswerKey.idempotent("key:1", "k", "/v1/a", body("b")).fingerprint())
                .isNotEqualTo(AnswerKey.idempotent("key:1", "k", "/v1/", body("ab")).fingerprint());
    }

    @Test
    void aRequestsOwnKeyIsItsFingerprintUnderItsCallersAnswersApartFromItsIdempotencyKeys() {
        AnswerKey same = AnswerKey.sameRequest("key:1", "/v1/chat/completions", body("{\"seed\":1}"));
        assertThat(same.key()).isEqualTo(same.fingerprint());
        assertThat(same.owner()).isEqualTo("answers/key:1");
        assertThat(AnswerKey.idempotent("key:1", same.key(), "/v1/chat/completions", body("{\"seed\":1}")).owner())
                .isNotEqualTo(same.owner());
    }
}
