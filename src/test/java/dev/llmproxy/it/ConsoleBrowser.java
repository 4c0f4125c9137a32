package dev.llmproxy.it;

import dev.llmproxy.testing.Chromium;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebDriverException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Base of the console's browser tests: headless Chromium driven through Debian's chromedriver, signed in as a
 * console user, with helpers that wait for the next page, and screenshots of what they saw.
 */
abstract class ConsoleBrowser extends DeployedProxy {

    static final String CONFIG = "{\"providers\":[{\"name\":\"sim\",\"kind\":\"sim\",\"baseUrl\":\"sim://local\"}],"
            + "\"models\":[{\"name\":\"c-first\",\"provider\":\"sim\",\"upstreamModel\":\"healthy\"},"
            + "{\"name\":\"c-second\",\"provider\":\"sim\",\"upstreamModel\":\"healthy\"},"
            + "{\"name\":\"c-spare\",\"provider\":\"sim\",\"upstreamModel\":\"healthy\"}],"
            + "\"tiers\":[{\"name\":\"c-tier\",\"description\":\"Console test tier\",\"chain\":[\"c-first\",\"c-second\"]}]}";

    static WebDriver browser;

    @BeforeAll
    static void start() {
        new ProxyClient().importConfig(CONFIG);
        browser = Chromium.headless();
    }

    @AfterAll
    static void stop() {
        if (browser != null) {
            browser.quit();
        }
    }

    static void open(String path) {
        browser.get(ProxyClient.BASE + path);
    }

    static void signInAsAdmin() {
        signIn("admin", System.getProperty("it.admin.password", "it-admin-secret"));
    }

    static void signIn(String user, String password) {
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
    static void submit(By button) {
        WebElement page = browser.findElement(By.tagName("html"));
        for (int attempt = 1; ; attempt++) {
            try {
                browser.findElement(button).click();
                break;
            } catch (WebDriverException e) {
                // Chromium now and then reports the node it just found as gone from the document ("Node with given
                // id does not belong to the document"). If the page is still the same, the click did not happen:
                // find the button again. If it changed, the click did.
                if (isGone(page)) {
                    break;
                }
                if (attempt == 3) {
                    throw e;
                }
            }
        }
        new WebDriverWait(browser, Duration.ofSeconds(15)).until(driver -> isGone(page));
    }

    /**
     * Whether a page's element has left the document. Chromium reports that either as a stale element or, while the
     * next page is being committed, as an "unknown error" saying the node does not belong to the document.
     */
    private static boolean isGone(WebElement element) {
        try {
            element.isEnabled();
            return false;
        } catch (StaleElementReferenceException e) {
            return true;
        } catch (WebDriverException e) {
            if (e.getMessage() != null && e.getMessage().contains("does not belong to the document")) {
                return true;
            }
            throw e;
        }
    }

    static List<String> chain() {
        return browser.findElements(By.cssSelector("ol.chain-edit .model")).stream().map(WebElement::getText).toList();
    }

    /**
     * Saves the page to {@code target/screenshots/}, to look at when a test fails. The console's tour in
     * {@code docs/} shows the demo configuration instead: {@code bench/console-tour.sh} takes it.
     */
    static void screenshot(String name) throws IOException {
        Path dir = Path.of("target", "screenshots");
        Files.createDirectories(dir);
        File shot = ((TakesScreenshot) browser).getScreenshotAs(OutputType.FILE);
        Files.copy(shot.toPath(), dir.resolve(name), StandardCopyOption.REPLACE_EXISTING);
    }

    static String sessionCookie() {
        return "llmproxy_console=" + browser.manage().getCookieNamed("llmproxy_console").getValue();
    }
}
