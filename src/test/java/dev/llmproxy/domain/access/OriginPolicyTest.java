package dev.llmproxy.domain.access;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class OriginPolicyTest {

    private final OriginPolicy policy = new OriginPolicy(List.of("app.example.com", ".partner.org", "localhost"));

    @Test
    void aHostIsThatHostOverHttpsOnItsDefaultPortNotAnotherSchemeOrService() {
        assertThat(policy.allows("https://app.example.com")).isTrue();
        assertThat(policy.allows("https://APP.example.com:443")).isTrue();
        assertThat(policy.allows("http://app.example.com")).as("plain http: anyone on the path").isFalse();
        assertThat(policy.allows("https://app.example.com:8443")).as("another service").isFalse();
        assertThat(policy.allows("https://evil.example.com")).isFalse();
        assertThat(policy.allows("https://app.example.com.evil.net")).isFalse();
    }

    @Test
    void loopbackMatchesOnAnySchemeAndPortAndAWholeOriginExactly() {
        assertThat(policy.allows("http://localhost:5173")).isTrue();
        OriginPolicy whole = new OriginPolicy(List.of("http://app.internal:8080", "https://b.example.com:443/"));
        assertThat(whole.allows("http://app.internal:8080")).isTrue();
        assertThat(whole.allows("http://app.internal")).isFalse();
        assertThat(whole.allows("https://app.internal:8080")).isFalse();
        assertThat(whole.allows("https://b.example.com")).isTrue();
    }

    @Test
    void suffixesMatchSubdomainsOnly() {
        assertThat(policy.allows("https://chat.partner.org")).isTrue();
        assertThat(policy.allows("https://a.b.partner.org")).isTrue();
        assertThat(policy.allows("http://chat.partner.org")).isFalse();
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
        assertThatThrownBy(() -> new OriginPolicy(List.of("https://app.example.com/path")))
                .hasMessageContaining("not an origin");
        assertThatThrownBy(() -> new OriginPolicy(List.of("ftp://app.example.com")))
                .hasMessageContaining("not an origin");
        assertThatThrownBy(() -> OriginPolicy.validate("*.example.com")).hasMessageContaining("*.example.com");
    }
}
