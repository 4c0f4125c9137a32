package dev.llmproxy.it;

import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import dev.llmproxy.testing.OidcTestServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Single sign-on through a real OpenID Connect provider started by the test (the test server names its issuer):
 * a person signs in with a browser and out again, at the provider too; roles come from groups; a sign-in without
 * its browser's cookie or without a role is refused; the admin API takes the provider's access tokens and refuses
 * forged ones; every sign-in is audited with the provider's subject.
 */
class SingleSignOnIT extends ConsoleBrowser {

    private static OidcTestServer provider;

    @BeforeAll
    static void startProvider() throws Exception {
        provider = OidcTestServer.start(Integer.getInteger("it.oidc.port", 19091), Path.of("target", "oidc-it.log"));
    }

    @AfterAll
    static void stopProvider() {
        if (provider != null) {
            provider.close();
        }
    }

    @Test
    void aPersonSignsInThroughTheProviderWithABrowserAndOutAgain() throws Exception {
        browser.manage().deleteAllCookies();
        open("/admin/dashboard");
        assertThat(browser.getCurrentUrl()).endsWith("/admin/login");
        screenshot("console-sign-in.png");
        submit(By.id("sso"));
        assertThat(browser.getCurrentUrl()).startsWith(provider.issuer() + "/authorize");
        browser.findElement(By.name("username")).sendKeys("dana");
        browser.findElement(By.name("claims")).sendKeys(SsoBrowser.claims("dana", List.of("llm-admins")));
        submit(By.cssSelector("input[type=submit]"));
        new WebDriverWait(browser, Duration.ofSeconds(15)).until(d -> d.getCurrentUrl().endsWith("/admin/dashboard"));
        assertThat(browser.findElement(By.tagName("h1")).getText()).isEqualTo("Dashboard");
        assertThat(browser.findElement(By.cssSelector("form.who")).getText()).contains("sso:dana").contains("admin");

        submit(By.cssSelector("form.who button"));
        new WebDriverWait(browser, Duration.ofSeconds(15)).until(d -> d.getCurrentUrl().endsWith("/admin/login"));
        open("/admin/dashboard");
        assertThat(browser.getCurrentUrl()).endsWith("/admin/login");
    }

    @Test
    void rolesComeFromGroupsAndAnAuditorReadsOnly() {
        SsoBrowser auditor = new SsoBrowser(ProxyClient.BASE);
        HttpResponse<String> back = auditor.signIn("erin", List.of("staff", "llm-auditors"));
        assertThat(back.statusCode()).as(back.body()).isEqualTo(200);
        assertThat(back.body()).contains("http-equiv=\"refresh\"").contains("/admin/dashboard");
        HttpResponse<String> dashboard = auditor.get("/admin/dashboard");
        assertThat(dashboard.statusCode()).isEqualTo(200);
        assertThat(dashboard.body()).contains("sso:erin").contains("auditor, read only");
        HttpResponse<String> change = auditor.post("/admin/settings", "/admin/settings", "maxAttempts=3");
        assertThat(change.statusCode()).isEqualTo(403);
        assertThat(change.body()).contains("Read only");
    }

    @Test
    void someoneInNoMappedGroupIsNotLetIn() {
        SsoBrowser outsider = new SsoBrowser(ProxyClient.BASE);
        HttpResponse<String> back = outsider.signIn("frank", List.of("staff"));
        assertThat(back.statusCode()).isEqualTo(403);
        assertThat(back.body()).contains("none of your groups");
        assertThat(outsider.get("/admin/dashboard").statusCode()).isEqualTo(302);
    }

    @Test
    void aCodeBroughtByAnotherBrowserIsRefused() {
        SsoBrowser victim = new SsoBrowser(ProxyClient.BASE);
        SsoBrowser attacker = new SsoBrowser(ProxyClient.BASE);
        URI callback = SsoBrowser.atProvider(attacker.http(), attacker.start(), "mallory",
                SsoBrowser.claims("mallory", List.of("llm-admins")));
        HttpResponse<String> planted = victim.get(callback.toString());
        assertThat(planted.statusCode()).isEqualTo(400);
        assertThat(planted.body()).contains("Start again");
        assertThat(victim.get("/admin/dashboard").statusCode()).isEqualTo(302);
        // and the state is used up: not even its own browser can bring it twice
        HttpResponse<String> replayed = attacker.get(callback.toString());
        assertThat(replayed.statusCode()).isEqualTo(400);
    }

    @Test
    void signInsAreAuditedWithTheProvidersSubjectAndRoleChangesToo() {
        new SsoBrowser(ProxyClient.BASE).signIn("gwen", List.of("llm-auditors"));
        SsoBrowser again = new SsoBrowser(ProxyClient.BASE);
        again.signIn("gwen", List.of("llm-admins"));
        String audit = again.get("/admin/audit").body();
        assertThat(audit).contains("signed in (single sign-on)").contains("subject gwen at " + provider.issuer())
                .contains("console roles changed (single sign-on)");
    }

    @Test
    void theAdminApiTakesTheProvidersAccessTokenAndRefusesForgedOnes() throws Exception {
        assertThat(bearer(SsoBrowser.accessToken(provider.issuer(), "hana", List.of("llm-admins"), "llm-proxy-admin-api")).statusCode())
                .isEqualTo(200);
        HttpResponse<String> auditor = bearer(SsoBrowser.accessToken(provider.issuer(), "ivan", List.of("llm-auditors"),
                "llm-proxy-admin-api"));
        assertThat(auditor.statusCode()).isEqualTo(403);
        assertThat(auditor.body()).contains("admin role");
        HttpResponse<String> otherAudience = bearer(SsoBrowser.accessToken(provider.issuer(), "hana", List.of("llm-admins"),
                "another-api"));
        assertThat(otherAudience.statusCode()).isEqualTo(401);

        RSAKey forger = new RSAKeyGenerator(2048).keyID("it").generate();
        SignedJWT forged = new SignedJWT(new JWSHeader.Builder(JWSAlgorithm.RS256).keyID("it")
                .type(JOSEObjectType.JWT).build(), new JWTClaimsSet.Builder().issuer(provider.issuer()).subject("hana")
                .audience("llm-proxy-admin-api").claim("groups", List.of("llm-admins"))
                .expirationTime(Date.from(Instant.now().plusSeconds(600))).build());
        forged.sign(new RSASSASigner(forger));
        HttpResponse<String> refused = bearer(forged.serialize());
        assertThat(refused.statusCode()).isEqualTo(401);
        assertThat(refused.headers().firstValue("WWW-Authenticate")).hasValueSatisfying(
                h -> assertThat(h).startsWith("Bearer").contains("invalid_token"));
        assertThat(refused.body()).contains("\"code\":\"unauthorized\"");
        assertThat(bearer("not-a-token").statusCode()).isEqualTo(401);
    }

    private HttpResponse<String> bearer(String token) {
        return proxy.send("GET", "/admin/api/config", null, "Authorization", "Bearer " + token);
    }
}
