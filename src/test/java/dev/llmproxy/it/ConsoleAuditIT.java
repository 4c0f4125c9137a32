package dev.llmproxy.it;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.NoAlertPresentException;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/** Auditors and the console's defences in a real browser: read-only roles, CSRF, escaping, CSV, keys, audit. */
class ConsoleAuditIT extends ConsoleBrowser {

    @Test
    void aKeyCreatedInTheConsoleIsShownOnceWorksAndIsRevokedAndTheAuditTrailHasItAll() throws Exception {
        signInAsAdmin();
        open("/admin/keys");
        browser.findElement(By.id("key-name")).sendKeys("console key");
        submit(By.id("create-key"));
        String key = browser.findElement(By.id("new-key")).getText();
        assertThat(key).startsWith("llmp_");
        screenshot("console-keys.png");
        open("/admin/keys");
        assertThat(browser.findElement(By.cssSelector("main")).getText()).contains("console key").doesNotContain(key);
        HttpResponse<String> keyed = proxy.send("POST", "/v1/chat/completions", ProxyClient.chatBody("c-tier"),
                "Authorization", "Bearer " + key);
        assertThat(keyed.statusCode()).isEqualTo(200);
        String id = key.split("_")[1];
        submit(By.id("revoke-" + id));
        assertThat(proxy.send("POST", "/v1/chat/completions", ProxyClient.chatBody("c-tier"),
                "Authorization", "Bearer " + key).statusCode()).isEqualTo(401);
        open("/admin/audit");
        String audit = browser.findElement(By.cssSelector("main table")).getText();
        assertThat(audit).contains("API key created").contains("API key revoked").contains(id);
        screenshot("console-audit.png");
    }

    @Test
    void theCsvExportHoldsTheFilteredRows() throws Exception {
        proxy.chat("c-tier");
        proxy.chat("no-such-model-csv");
        signInAsAdmin();
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
            HttpResponse<String> csv = proxy.send("GET", "/admin/requests.csv?tier=c-tier", null, "Cookie", sessionCookie());
            assertThat(csv.statusCode()).isEqualTo(200);
            assertThat(csv.headers().firstValue("Content-Type").orElseThrow()).startsWith("text/csv");
            String[] lines = csv.body().split("\r\n");
            assertThat(lines[0]).startsWith("request_id,received_at_utc,tier,");
            assertThat(lines.length).isGreaterThan(1);
            for (int i = 1; i < lines.length; i++) {
                assertThat(lines[i].split(",")[2]).isEqualTo("c-tier");
            }
        });
    }

    @Test
    void anAuditorSeesNoEditControlsAndAForgedPostIsRefused() throws Exception {
        // the bootstrap admin creates the auditor in the console
        signInAsAdmin();
        open("/admin/users");
        browser.findElement(By.id("username")).sendKeys("audrey");
        browser.findElement(By.id("new-password")).sendKeys("auditor-password-1");
        submit(By.id("save-user"));
        assertThat(browser.findElement(By.cssSelector("main table")).getText()).contains("audrey").contains("auditor");
        signIn("audrey", "auditor-password-1");
        open("/admin/tiers/c-tier");
        assertThat(browser.findElements(By.cssSelector("main form[method=post]"))).isEmpty();
        assertThat(browser.findElement(By.cssSelector("header.top")).getText()).contains("auditor, read only");
        String token = browser.findElement(By.cssSelector("header form input[name=_csrf]")).getAttribute("value");
        HttpResponse<String> forged = proxy.send("POST", "/admin/tiers/c-tier",
                null, "Cookie", sessionCookie(), "Content-Type", "application/x-www-form-urlencoded");
        assertThat(forged.statusCode()).isEqualTo(403);
        HttpResponse<String> withToken = proxy.sendForm("/admin/tiers/c-tier", "_csrf=" + token + "&action=remove&index=0&version=1",
                "Cookie", sessionCookie());
        assertThat(withToken.statusCode()).isEqualTo(403);
        assertThat(withToken.body()).contains("may read the console but not change anything");
        // and the JSON API is for admins only
        assertThat(proxy.send("GET", "/admin/api/config", null, "Cookie", sessionCookie()).statusCode()).isIn(401, 403);
    }

    @Test
    void aPostWithoutTheSessionsCsrfTokenIsRefused() {
        signInAsAdmin();
        HttpResponse<String> r = proxy.sendForm("/admin/tiers/c-tier", "action=remove&index=0&version=1",
                "Cookie", sessionCookie());
        assertThat(r.statusCode()).isEqualTo(403);
        assertThat(r.body()).contains("CSRF");
        HttpResponse<String> wrong = proxy.sendForm("/admin/tiers/c-tier", "_csrf=not-the-token&action=remove&index=0",
                "Cookie", sessionCookie());
        assertThat(wrong.statusCode()).isEqualTo(403);
    }

    @Test
    void aScriptInAPromptAndInAModelNameRendersInertInTheLog() {
        proxy.importConfig(CONFIG.replace("]}]}", "]}],\"settings\":{\"logPromptChars\":200}}"));
        try {
            HttpResponse<String> answered = proxy.post("/v1/chat/completions", "{\"model\":\"c-tier\",\"messages\":"
                    + "[{\"role\":\"user\",\"content\":\"<script>alert(1)</script><img src=x onerror=alert(2)>\"}]}");
            HttpResponse<String> refused = proxy.chat("<script>alert(3)</script>");
            signInAsAdmin();
            for (HttpResponse<String> r : List.of(answered, refused)) {
                String id = r.headers().firstValue("X-Request-Id").orElseThrow();
                await().atMost(Duration.ofSeconds(10)).ignoreExceptions().untilAsserted(() -> {
                    open("/admin/requests/" + id);
                    assertThat(browser.findElement(By.cssSelector("dl.facts")).getText()).contains("Received");
                });
                assertThatThrownBy(() -> browser.switchTo().alert()).isInstanceOf(NoAlertPresentException.class);
                assertThat(browser.findElements(By.cssSelector("main script, main img"))).isEmpty();
            }
            open("/admin/requests/" + answered.headers().firstValue("X-Request-Id").orElseThrow());
            assertThat(browser.findElement(By.cssSelector("pre.prompt")).getText())
                    .isEqualTo("<script>alert(1)</script><img src=x onerror=alert(2)>");
            open("/admin/requests/" + refused.headers().firstValue("X-Request-Id").orElseThrow());
            assertThat(browser.findElement(By.cssSelector("dl.facts")).getText()).contains("<script>alert(3)</script>");
        } finally {
            proxy.importConfig(CONFIG);
        }
    }
}
