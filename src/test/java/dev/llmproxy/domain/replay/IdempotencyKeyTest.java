package dev.llmproxy.domain.replay;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class IdempotencyKeyTest {

    private static byte[] body(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void aKeyIsOneToTwoHundredFiftyFivePrintableAsciiCharacters() {
        assertThat(IdempotencyKey.problem("3f1c9a0e-1b2c-4d5e-8f90-a1b2c3d4e5f6")).isEmpty();
        assertThat(IdempotencyKey.problem("a".repeat(255))).isEmpty();
        assertThat(IdempotencyKey.problem("")).hasValueSatisfying(p -> assertThat(p).contains("1 to 255"));
        assertThat(IdempotencyKey.problem("a".repeat(256))).isPresent();
        assertThat(IdempotencyKey.problem("caf\u00e9")).hasValueSatisfying(p -> assertThat(p).contains("ASCII"));
        assertThat(IdempotencyKey.problem("a\u0000b")).isPresent();
        assertThatThrownBy(() -> IdempotencyKey.of("key:1", "", "/v1/chat/completions", body("{}")))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theSameRequestHasTheSameFingerprintAndAnyOtherBodyOrPathAnother() {
        IdempotencyKey first = IdempotencyKey.of("key:1", "k", "/v1/chat/completions", body("{\"model\":\"m\"}"));
        assertThat(IdempotencyKey.of("key:1", "k", "/v1/chat/completions", body("{\"model\":\"m\"}")))
                .isEqualTo(first);
        assertThat(first.fingerprint()).hasSize(64);
        assertThat(IdempotencyKey.of("key:1", "k", "/v1/chat/completions", body("{\"model\":\"n\"}")).fingerprint())
                .isNotEqualTo(first.fingerprint());
        assertThat(IdempotencyKey.of("key:1", "k", "/v1/embeddings", body("{\"model\":\"m\"}")).fingerprint())
                .isNotEqualTo(first.fingerprint());
        // the path and the body are kept apart: moving a byte from one to the other is another request
        assertThat(IdempotencyKey.of("key:1", "k", "/v1/a", body("b")).fingerprint())
                .isNotEqualTo(IdempotencyKey.of("key:1", "k", "/v1/", body("ab")).fingerprint());
    }
}
