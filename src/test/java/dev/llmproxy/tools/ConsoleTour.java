package dev.llmproxy.tools;

import dev.llmproxy.testing.Chromium;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;

/**
 * The console's tour in {@code docs/console.md}: signs in to a running proxy as {@code admin} and saves a picture of
 * each main page, as an admin sees them. {@code bench/console-tour.sh} runs it on the demo configuration after a
 * short simulated load, so the pictures show what a new install shows.
 *
 * <p>Arguments: the proxy's base URL, the admin password, the directory for the pictures.
 */
public final class ConsoleTour {

    private final WebDriver browser;
    private final String base;
    private final Path out;

    private ConsoleTour(WebDriver browser, String base, Path out) {
        this.browser = browser;
        this.base = base;
        this.out = out;
    }

    public static void main(String[] args) throws IOException {
        WebDriver browser = Chromium.headless();
        try {
            new ConsoleTour(browser, args[0], Path.of(args[2])).take(args[1]);
        } finally {
            browser.quit();
        }
    }

    private void take(String password) throws IOException {
        open("/admin/login");
        save("console-sign-in.png");
        browser.findElement(By.id("username")).sendKeys("admin");
        browser.findElement(By.id("password")).sendKeys(password);
        browser.findElement(By.cssSelector("main form button[type=submit]")).click();
        new WebDriverWait(browser, Duration.ofSeconds(15)).until(d -> d.getCurrentUrl().endsWith("/admin/dashboard")
                && !d.findElements(By.tagName("h1")).isEmpty());
        save("console-dashboard.png");
        visit("/admin/tiers", "console-tiers.png");
        visit("/admin/tiers/balanced", "console-tier.png");
        visit("/admin/requests", "console-requests.png");
        visit(link("/admin/requests/", ""), "console-request.png");
        visit("/admin/breakers", "console-breakers.png");
        visit("/admin/providers", "console-providers.png");
        visit("/admin/models", "console-models.png");
        visit("/admin/settings", "console-settings.png");
        visit("/admin/keys", "console-keys.png");
        visit(link("/admin/keys/", "mobile app"), "console-key.png");
        visit("/admin/audit", "console-audit.png");
        visit("/admin/versions", "console-versions.png");
        visit("/admin/versions/diff?from=1&to=2", "console-diff.png");
    }

    private void visit(String path, String picture) throws IOException {
        open(path);
        save(picture);
    }

    private void open(String path) {
        browser.get(path.startsWith("http") ? path : base + path);
    }

    /** The first link into {@code prefix} in a table row that says {@code text}: a request of the log, a key. */
    private String link(String prefix, String text) {
        for (WebElement row : browser.findElements(By.cssSelector("tr"))) {
            List<WebElement> links = row.findElements(By.cssSelector("a[href*='" + prefix + "']"));
            if (!links.isEmpty() && row.getText().contains(text)) {
                return links.get(0).getAttribute("href");
            }
        }
        throw new IllegalStateException("no row saying '" + text + "' links into " + prefix + " on "
                + browser.getCurrentUrl());
    }

    private void save(String name) throws IOException {
        Files.createDirectories(out);
        Path shot = ((TakesScreenshot) browser).getScreenshotAs(OutputType.FILE).toPath();
        Files.copy(shot, out.resolve(name), StandardCopyOption.REPLACE_EXISTING);
    }
}
