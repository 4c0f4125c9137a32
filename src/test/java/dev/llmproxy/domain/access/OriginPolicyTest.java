package dev.llmproxy.domain.access;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class OriginPolicyTest {

    private final OriginPolicy policy = new OriginPolicy(List.of("app.example.com", ".partner.org", "localhost"));

    @Test
    void exactHostsMatchOnAnySchemeAndPort() {
        assertThat(policy.allows("https://app.example.com")).isTrue();
        assertThat(policy.allows("http://localhost:5173")).isTrue();
        assertThat(policy.allows("https://APP.example.com:8443")).isTrue();
        assertThat(policy.allows("https://evil.example.com")).isFalse();
        assertThat(policy.allows("https://app.example.com.evil.net")).isFalse();
    }

    @Test
    void suffixesMatchSubdomainsOnly() {
        assertThat(policy.allows("https://chat.partner.org")).isTrue();
        assertThat(policy.allows("https://a.b.partner.org")).isTrue();
        assertThat(policy.allows("https://partner.org")).isFalse();
        assertThat(policy.allows("https://evilpartner.org")).isFalse();
    }

    @Test
    void opaqueOriginsAreRefusedUnlessEverythingIsAllowed() {
        assertThat(policy.allows("null")).isFalse();
        assertThat(policy.allows("file://")).isFalse();
        assertThat(new OriginPolicy(List.of("*")).allows("null")).isTrue();
        assertThat(new OriginPolicy(List.of()).allows("https://app.example.com")).isFalse();
    }

    @Test
    void entriesAreValidated() {
        assertThatThrownBy(() -> new OriginPolicy(List.of("https://app.example.com")))
                .hasMessageContaining("not a host name");
        assertThatThrownBy(() -> OriginPolicy.validate("*.example.com")).hasMessageContaining("*.example.com");
    }
}
