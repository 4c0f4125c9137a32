package dev.llmproxy.it;

import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

import jakarta.json.Json;

import java.io.StringReader;
import java.net.http.HttpResponse;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** Admins at work in a real browser: chains, models, providers, settings, rollback, concurrent edits. */
class ConsoleEditingIT extends ConsoleBrowser {

    @Test
    void anAdminReordersAChainAndTheNextProxiedRequestFollowsTheNewOrder() throws Exception {
        signInAsAdmin();
        open("/admin/tiers");
        assertThat(browser.findElement(By.tagName("h1")).getText()).isEqualTo("Tiers");
        screenshot("console-tiers.png");
        open("/admin/tiers/c-tier");
        assertThat(chain()).containsExactly("c-first", "c-second");
        submit(By.id("down-c-first"));
        assertThat(chain()).containsExactly("c-second", "c-first");
        screenshot("console-tier.png");
        HttpResponse<String> answer = proxy.chat("c-tier");
        assertThat(answer.headers().firstValue("X-Proxy-Model")).hasValue("c-second");
        assertThat(answer.headers().firstValue("X-Proxy-Fallback")).hasValue("false");

        // and the request shows up in the log, with its detail page
        String id = answer.headers().firstValue("X-Request-Id").orElseThrow();
        await().atMost(Duration.ofSeconds(10)).ignoreExceptions().untilAsserted(() -> {
            open("/admin/requests?tier=c-tier");
            assertThat(browser.findElement(By.cssSelector("main table")).getText()).contains("c-second");
        });
        screenshot("console-requests.png");
        open("/admin/requests/" + id);
        assertThat(browser.findElement(By.cssSelector("dl.facts")).getText()).contains("c-second");
        screenshot("console-request.png");
        open("/admin/breakers");
        assertThat(browser.findElement(By.tagName("h1")).getText()).isEqualTo("Circuit breakers");
        screenshot("console-breakers.png");
        for (int i = 0; i < 5; i++) {
            proxy.chat("c-tier");
        }
        await().atMost(Duration.ofSeconds(10)).ignoreExceptions().untilAsserted(() -> {
            open("/admin/dashboard");
            assertThat(browser.findElement(By.cssSelector("main section p strong")).getText()).isNotEqualTo("0");
        });
        screenshot("console-dashboard.png");
    }

    @Test
    void aRollbackRestoresAPreviousChainAndEveryInstanceShowsTheVersionItRuns() throws Exception {
        proxy.importConfig(CONFIG);
        long before = Json.createReader(new StringReader(proxy.adminGet("/admin/api/config").body())).readObject()
                .getJsonNumber("version").longValue();
        signInAsAdmin();
        open("/admin/tiers/c-tier");
        submit(By.id("remove-c-second"));
        assertThat(chain()).containsExactly("c-first");
        open("/admin/versions/diff?from=" + before + "&to=" + (before + 1));
        assertThat(browser.findElements(By.cssSelector("pre.diff .del")).stream().map(WebElement::getText))
                .anyMatch(t -> t.contains("c-second"));
        assertThat(browser.findElement(By.cssSelector("pre.diff")).getText()).doesNotContain("\"version\"");
        screenshot("console-diff.png");
        open("/admin/versions");
        assertThat(browser.findElement(By.cssSelector("main")).getText()).contains("tier c-tier: removed c-second");
        submit(By.id("rollback-" + before));
        assertThat(browser.findElement(By.cssSelector("main")).getText()).contains("rollback to version " + before);
        await().atMost(Duration.ofSeconds(10)).ignoreExceptions().untilAsserted(() -> {
            open("/admin/versions");
            assertThat(browser.findElement(By.cssSelector("#instances-h + p")).getText())
                    .isEqualTo("Every live instance runs version " + (before + 2) + ".");
        });
        screenshot("console-versions.png");
        open("/admin/tiers/c-tier");
        assertThat(chain()).containsExactly("c-first", "c-second");
        assertThat(proxy.chat("c-tier").headers().firstValue("X-Proxy-Model")).hasValue("c-first");
    }

    @Test
    void aLimitChangedOnTheSettingsPageIsEnforcedAndABadValueIsRefusedPerField() throws Exception {
        try {
            signInAsAdmin();
            open("/admin/settings");
            WebElement prompt = browser.findElement(By.id("maxPromptChars"));
            prompt.clear();
            prompt.sendKeys("4");
            // within each field's bounds (the browser checks those), but past backoffMaxMs: only the server knows
            WebElement backoff = browser.findElement(By.id("backoffInitialMs"));
            backoff.clear();
            backoff.sendKeys("5000");
            submit(By.id("save-settings"));
            assertThat(browser.findElement(By.cssSelector(".setting.invalid .error")).getText())
                    .contains("settings.backoffInitialMs must not exceed settings.backoffMaxMs");
            assertThat(proxy.chat("c-tier").statusCode()).as("nothing was saved").isEqualTo(200);
            browser.findElement(By.id("backoffInitialMs")).clear();
            browser.findElement(By.id("backoffInitialMs")).sendKeys("200");
            submit(By.id("save-settings"));
            assertThat(browser.findElement(By.cssSelector("main [role=status]")).getText()).startsWith("Saved: 1 setting");
            screenshot("console-settings.png");
            HttpResponse<String> refused = proxy.chat("c-tier"); // "hello" is 5 characters
            assertThat(refused.statusCode()).isEqualTo(413);
            assertThat(refused.body()).contains("prompt_too_long");
        } finally {
            proxy.importConfig(CONFIG);
        }
    }

    @Test
    void anAdminAddsAModelAndCallersCanUseItAtOnce() throws Exception {
        signInAsAdmin();
        open("/admin/models");
        submit(By.id("add-model"));
        browser.findElement(By.id("name")).sendKeys("c-added");
        browser.findElement(By.id("upstreamModel")).sendKeys("healthy");
        browser.findElement(By.id("contextWindow")).sendKeys("lots");
        submit(By.id("save-model"));
        assertThat(browser.findElement(By.cssSelector(".setting.invalid .error")).getText()).contains("whole number");
        assertThat(proxy.chat("c-added").statusCode()).as("nothing saved yet").isEqualTo(403);
        browser.findElement(By.id("contextWindow")).clear();
        browser.findElement(By.id("contextWindow")).sendKeys("8192");
        submit(By.id("save-model"));
        assertThat(browser.findElement(By.cssSelector("main table")).getText()).contains("c-added");
        screenshot("console-models.png");
        HttpResponse<String> answer = proxy.chat("c-added");
        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(answer.headers().firstValue("X-Proxy-Model")).hasValue("c-added");
        submit(By.id("toggle-c-added"));
        assertThat(proxy.chat("c-added").statusCode()).as("disabled: cost safety refuses it").isEqualTo(403);
    }

    @Test
    void anAdminAddsAProviderCreatesAndRenamesATierAndSignsOut() throws Exception {
        try {
            signInAsAdmin();
            open("/admin/providers");
            browser.findElement(By.id("provider-name")).sendKeys("c-openai");
            browser.findElement(By.id("provider-url")).sendKeys("ftp://nowhere");
            submit(By.id("save-provider"));
            assertThat(browser.findElement(By.cssSelector(".setting.invalid .error")).getText()).contains("http");
            browser.findElement(By.id("provider-url")).clear();
            browser.findElement(By.id("provider-url")).sendKeys("http://127.0.0.1:1/v1");
            browser.findElement(By.id("provider-secret")).sendKeys("C_OPENAI_KEY");
            submit(By.id("save-provider"));
            assertThat(browser.findElement(By.cssSelector("main table")).getText()).contains("c-openai").contains("C_OPENAI_KEY");
            screenshot("console-providers.png");

            open("/admin/tiers");
            browser.findElement(By.id("tier-name")).sendKeys("c-made");
            submit(By.id("create-tier"));
            assertThat(chain()).containsExactly("c-first");
            assertThat(proxy.chat("c-made").statusCode()).isEqualTo(200);
            WebElement rename = browser.findElement(By.id("newName"));
            rename.clear();
            rename.sendKeys("c-renamed");
            submit(By.id("rename"));
            assertThat(browser.findElement(By.tagName("h1")).getText()).isEqualTo("Tier c-renamed");
            assertThat(proxy.chat("c-renamed").statusCode()).isEqualTo(200);
            assertThat(proxy.chat("c-made").statusCode()).isEqualTo(403);

            submit(By.cssSelector("header form button[type=submit]"));
            assertThat(browser.getCurrentUrl()).endsWith("/admin/login");
            open("/admin/dashboard");
            assertThat(browser.getCurrentUrl()).as("signed out for good").endsWith("/admin/login");
        } finally {
            proxy.importConfig(CONFIG);
        }
    }

    @Test
    void anAdminSendsATiersRefusalsToAnotherModelAndTheNextRefusedRequestIsAnsweredThere() {
        try {
            proxy.importConfig(CONFIG.replace("{\"name\":\"c-spare\"", "{\"name\":\"c-refuser\",\"provider\":\"sim\","
                    + "\"upstreamModel\":\"refusal\"},{\"name\":\"c-spare\"").replace("\"chain\":[\"c-first\",\"c-second\"]",
                    "\"chain\":[\"c-refuser\",\"c-second\"]"));
            assertThat(proxy.chat("c-tier").statusCode()).isEqualTo(400);
            signInAsAdmin();
            open("/admin/tiers/c-tier");
            assertThat(browser.findElement(By.tagName("main")).getText()).contains("A content refusal stops the request");
            new org.openqa.selenium.support.ui.Select(browser.findElement(By.id("refusal-model"))).selectByValue("c-spare");
            submit(By.id("refusal-add"));
            assertThat(browser.findElement(By.id("refusal-remove-c-spare")).isDisplayed()).isTrue();

            HttpResponse<String> answer = proxy.chat("c-tier");
            assertThat(answer.statusCode()).isEqualTo(200);
            assertThat(answer.headers().firstValue("X-Proxy-Model")).hasValue("c-spare");
            assertThat(answer.headers().firstValue("X-Proxy-Fallback")).hasValue("true");

            submit(By.id("refusal-remove-c-spare"));
            assertThat(browser.findElement(By.tagName("main")).getText()).contains("A content refusal stops the request");
            assertThat(proxy.chat("c-tier").statusCode()).isEqualTo(400);
        } finally {
            proxy.importConfig(CONFIG);
        }
    }

    @Test
    void aSecondEditorIsToldTheConfigurationMovedOnAndNothingIsOverwritten() {
        proxy.importConfig(CONFIG);
        signInAsAdmin();
        open("/admin/tiers/c-tier");
        proxy.importConfig(CONFIG.replace("Console test tier", "changed by someone else"));
        submit(By.id("remove-c-second"));
        assertThat(browser.findElement(By.tagName("h1")).getText()).isEqualTo("Changed meanwhile");
        open("/admin/tiers/c-tier");
        assertThat(chain()).containsExactly("c-first", "c-second");
        assertThat(browser.findElement(By.id("description")).getText()).isEqualTo("changed by someone else");
        proxy.importConfig(CONFIG);
    }

    @Test
    void anAdminGivesAKeyItsOwnBudgetOnItsPageAndABadAmountIsRefusedPerField() throws Exception {
        proxy.importConfig(CONFIG);
        HttpResponse<String> created = proxy.send("POST", "/admin/api/keys", "{\"name\":\"console budget\"}",
                "Authorization", ProxyClient.adminAuth(), "Content-Type", "application/json");
        String id = Json.createReader(new StringReader(created.body())).readObject().getString("id");
        signInAsAdmin();
        open("/admin/keys");
        browser.findElement(By.linkText(id)).click();
        assertThat(browser.findElement(By.tagName("h1")).getText()).isEqualTo("API key " + id);
        browser.findElement(By.id("budget-dailyUsd")).sendKeys("lots");
        submit(By.id("save-budget"));
        assertThat(browser.findElement(By.cssSelector("ul.error")).getText()).contains("dailyUsd: must be a number");
        browser.findElement(By.id("budget-dailyUsd")).clear();
        browser.findElement(By.id("budget-dailyUsd")).sendKeys("2.5");
        browser.findElement(By.id("budget-monthlyTokens")).sendKeys("5000000");
        submit(By.id("save-budget"));
        assertThat(browser.findElement(By.id("key-budgets")).getText()).contains("key:" + id + ".daily")
                .contains("$2.50").contains("key:" + id + ".monthly").contains("5,000,000 tokens");
        screenshot("console-key.png");
        assertThat(proxy.adminGet("/admin/api/keys").body()).contains("\"dailyUsd\":2.5");
    }
}
