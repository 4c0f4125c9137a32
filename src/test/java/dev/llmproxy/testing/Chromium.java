package dev.llmproxy.testing;

import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

import java.io.File;
import java.time.Duration;

/** Headless Chromium driven through Debian's chromedriver, as the console's browser tests and its tour use it. */
public final class Chromium {

    private Chromium() {
    }

    public static WebDriver headless() {
        ChromeOptions options = new ChromeOptions();
        options.setBinary(System.getProperty("it.chromium", "/usr/bin/chromium"));
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
                "--window-size=1280,900");
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(new File(System.getProperty("it.chromedriver", "/usr/bin/chromedriver"))).build();
        WebDriver browser = new ChromeDriver(service, options);
        browser.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(30));
        return browser;
    }
}
