package dev.llmproxy.it;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.NoAlertPresentException;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.WebDriverWait;

import jakarta.json.Json;

import java.io.File;
import java.io.StringReader;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

/**
 * The console in a real browser (headless Chromium): what admins and auditors do every day. Screenshots of the main
 * pages go to {@code docs/} for the README's tour.
 */
class ConsoleBrowserIT extends DeployedProxy {

    private static final String CONFIG = "{\"providers\":[{\"name\":\"sim\",\"kind\":\"sim\",\"baseUrl\":\"sim://local\"}],"
            + "\"models\":[{\"name\":\"c-first\",\"provider\":\"sim\",\"upstreamModel\":\"healthy\"},"
            + "{\"name\":\"c-second\",\"provider\":\"sim\",\"upstreamModel\":\"healthy\"},"
            + "{\"name\":\"c-spare\",\"provider\":\"sim\",\"upstreamModel\":\"healthy\"}],"
            + "\"tiers\":[{\"name\":\"c-tier\",\"description\":\"Console test tier\",\"chain\":[\"c-first\",\"c-second\"]}]}";

    private static WebDriver browser;

    @BeforeAll
    static void start() {
        new ProxyClient().importConfig(CONFIG);
        ChromeOptions options = new ChromeOptions();
        options.setBinary(System.getProperty("it.chromium", "/usr/bin/chromium"));
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
                "--window-size=1280,900");
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(new File(System.getProperty("it.chromedriver", "/usr/bin/chromedriver"))).build();
        browser = new ChromeDriver(service, options);
        browser.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(30));
    }

    @AfterAll
    static void stop() {
        if (browser != null) {
            browser.quit();
        }
    }

    private static void open(String path) {
        browser.get(ProxyClient.BASE + path);
    }

    private static void signIn(String user, String password) {
        browser.manage().deleteAllCookies();
        open("/admin/dashboard");
        assertThat(browser.getCurrentUrl()).endsWith("/admin/login");
        browser.findElement(By.id("username")).sendKeys(user);
        browser.findElement(By.id("password")).sendKeys(password);
        submit(By.cssSelector("main form button[type=submit]"));
        assertThat(browser.getCurrentUrl()).endsWith("/admin/dashboard");
        assertThat(browser.findElement(By.tagName("h1")).getText()).isEqualTo("Dashboard");
    }

    /** Clicks a button or link that loads another page and waits until that page has replaced this one. */
    private static void submit(By button) {
        WebElement page = browser.findElement(By.tagName("html"));
        browser.findElement(button).click();
        new WebDriverWait(browser, Duration.ofSeconds(15)).until(ExpectedConditions.stalenessOf(page));
    }

    private static List<String> chain() {
        return browser.findElements(By.cssSelector("ol.chain-edit .model")).stream().map(WebElement::getText).toList();
    }

    private static void screenshot(String name) throws IOException {
        Path docs = Path.of("docs");
        Files.createDirectories(docs);
        File shot = ((TakesScreenshot) browser).getScreenshotAs(OutputType.FILE);
        Files.copy(shot.toPath(), docs.resolve(name), StandardCopyOption.REPLACE_EXISTING);
    }

    private static String sessionCookie() {
        return "JSESSIONID=" + browser.manage().getCookieNamed("JSESSIONID").getValue();
    }

    @Test
    void anAdminReordersAChainAndTheNextProxiedRequestFollowsTheNewOrder() throws Exception {
        signIn("admin", System.getProperty("it.admin.password", "it-admin-secret"));
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
        signIn("admin", System.getProperty("it.admin.password", "it-admin-secret"));
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
            signIn("admin", System.getProperty("it.admin.password", "it-admin-secret"));
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
        signIn("admin", System.getProperty("it.admin.password", "it-admin-secret"));
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
    void aKeyCreatedInTheConsoleIsShownOnceWorksAndIsRevokedAndTheAuditTrailHasItAll() throws Exception {
        signIn("admin", System.getProperty("it.admin.password", "it-admin-secret"));
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
    void anAdminAddsAProviderCreatesAndRenamesATierAndSignsOut() throws Exception {
        try {
            signIn("admin", System.getProperty("it.admin.password", "it-admin-secret"));
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
    void theCsvExportHoldsTheFilteredRows() throws Exception {
        proxy.chat("c-tier");
        proxy.chat("no-such-model-csv");
        signIn("admin", System.getProperty("it.admin.password", "it-admin-secret"));
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
        signIn("admin", System.getProperty("it.admin.password", "it-admin-secret"));
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
        signIn("admin", System.getProperty("it.admin.password", "it-admin-secret"));
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
            signIn("admin", System.getProperty("it.admin.password", "it-admin-secret"));
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

    @Test
    void aSecondEditorIsToldTheConfigurationMovedOnAndNothingIsOverwritten() {
        proxy.importConfig(CONFIG);
        signIn("admin", System.getProperty("it.admin.password", "it-admin-secret"));
        open("/admin/tiers/c-tier");
        proxy.importConfig(CONFIG.replace("Console test tier", "changed by someone else"));
        submit(By.id("remove-c-second"));
        assertThat(browser.findElement(By.tagName("h1")).getText()).isEqualTo("Changed meanwhile");
        open("/admin/tiers/c-tier");
        assertThat(chain()).containsExactly("c-first", "c-second");
        assertThat(browser.findElement(By.id("description")).getText()).isEqualTo("changed by someone else");
        proxy.importConfig(CONFIG);
    }

}
