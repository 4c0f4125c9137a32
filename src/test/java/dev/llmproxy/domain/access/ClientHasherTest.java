package dev.llmproxy.domain.access;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ClientHasherTest {

    @Test
    void isHmacSha256UnderTheSalt() {
        // RFC 4231 test case 2: key "Jefe", data "what do ya want for nothing?"
        assertThat(new ClientHasher("Jefe").hash("what do ya want for nothing?"))
                .isEqualTo("5bdcc146bf60754e6a042426089575c7");
    }

    @Test
    void theSameAddressHashesAlikeAndAnotherSaltGivesAnotherHash() {
        ClientHasher a = new ClientHasher("salt-one-0123456789");
        assertThat(a.hash("203.0.113.9")).isEqualTo(a.hash("203.0.113.9")).hasSize(32).doesNotContain("203");
        assertThat(a.hash("203.0.113.9")).isNotEqualTo(a.hash("203.0.113.10"));
        assertThat(new ClientHasher("salt-two-0123456789").hash("203.0.113.9")).isNotEqualTo(a.hash("203.0.113.9"));
    }

    @Test
    void refusesAnEmptySalt() {
        assertThatThrownBy(() -> new ClientHasher("")).hasMessageContaining("salt");
    }
}
