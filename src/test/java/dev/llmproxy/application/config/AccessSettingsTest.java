package dev.llmproxy.application.config;

import dev.llmproxy.application.access.AccessMode;
import dev.llmproxy.domain.config.ConfigValidationException;
import dev.llmproxy.domain.config.RuntimeConfig;
import dev.llmproxy.domain.config.SettingKeys;
import dev.llmproxy.domain.limits.ScopeLimit;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The access and limit settings in the config document, and the deploy-time mode. */
class AccessSettingsTest {

    private static RuntimeConfig read(String settings) {
        return ConfigDocument.read("{\"providers\":[],\"models\":[],\"tiers\":[],\"settings\":{" + settings + "}}");
    }

    @Test
    void limitsScopesProxiesAndOriginsAreReadAndSurviveExportAndStorage() {
        RuntimeConfig c = read("\"ipLimitPerMinute\":5,\"ipLimitPerHour\":50,\"keyLimitPerMinute\":7,"
                + "\"scopeLimits\":{\"pairing\":{\"perMinute\":2,\"perHour\":20},\"chat\":{\"perHour\":10}},"
                + "\"trustedProxies\":[\"10.0.0.0/8\",\"::1\"],\"allowedOrigins\":[\"App.Example.com\",\".partner.org\"],"
                + "\"maxPromptChars\":1000,\"allowAnonymousCallers\":false");
        assertThat(c.settings().callers().scopeLimits()).containsEntry("pairing", new ScopeLimit(2, 20))
                .containsEntry("chat", new ScopeLimit(0, 10));
        assertThat(c.settings().callers().trustedProxies()).hasSize(2);
        assertThat(c.settings().callers().originPolicy().allows("https://app.example.com")).isTrue();
        assertThat(c.settings().callers().allowAnonymousCallers(false)).isFalse();
        RuntimeConfig again = ConfigDocument.read(ConfigDocumentWriter.writeString(c));
        assertThat(again.sameContentAs(c)).isTrue();
        // the database keeps settings as text
        var key = SettingKeys.SCOPE_LIMITS;
        assertThat(key.parseText(key.toText(c.settings().callers().scopeLimits()))).isEqualTo(c.settings().callers().scopeLimits());
    }

    @Test
    void anonymousCallersFollowTheModeUnlessSetAndTheUnsetValueIsNotPinnedByExport() {
        RuntimeConfig c = read("");
        assertThat(c.settings().callers().allowAnonymousCallers(false)).isTrue();
        assertThat(c.settings().callers().allowAnonymousCallers(true)).isFalse();
        assertThat(ConfigDocumentWriter.writeString(c)).doesNotContain("allowAnonymousCallers");
    }

    @Test
    void badValuesAreRejectedNamingTheField() {
        assertThatThrownBy(() -> read("\"trustedProxies\":[\"10.0.0.0/40\"]"))
                .isInstanceOf(ConfigValidationException.class).hasMessageContaining("settings.trustedProxies");
        assertThatThrownBy(() -> read("\"allowedOrigins\":[\"https://x.org/app\"]"))
                .hasMessageContaining("settings.allowedOrigins");
        assertThatThrownBy(() -> read("\"scopeLimits\":{\"Bad Name\":{\"perMinute\":1}}"))
                .hasMessageContaining("settings.scopeLimits").hasMessageContaining("Bad Name");
        assertThatThrownBy(() -> read("\"scopeLimits\":{\"chat\":{\"perDay\":1}}"))
                .hasMessageContaining("settings.scopeLimits.chat.perDay");
        assertThatThrownBy(() -> read("\"scopeLimits\":{\"chat\":{\"perMinute\":-1}}"))
                .hasMessageContaining("settings.scopeLimits.chat.perMinute");
        assertThatThrownBy(() -> read("\"ipLimitPerMinute\":-1")).hasMessageContaining("settings.ipLimitPerMinute");
    }

    @Test
    void productionWithoutAProperSaltRefusesToServeAndUnknownModesAreRejected() {
        assertThat(AccessMode.of("production", null).serving()).isFalse();
        assertThat(AccessMode.of("production", "short").refusal()).contains("shorter than 16");
        AccessMode prod = AccessMode.of("production", "a-long-enough-secret-salt");
        assertThat(prod.serving()).isTrue();
        assertThat(prod.production()).isTrue();
        AccessMode dev = AccessMode.of(null, null);
        assertThat(dev.serving()).isTrue();
        assertThat(dev.hasSecretSalt()).isFalse();
        assertThatThrownBy(() -> AccessMode.of("prod", "a-long-enough-secret-salt")).hasMessageContaining("PROXY_MODE");
    }
}
