package org.cairn.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.logging.Level;
import javax.imageio.ImageIO;
import org.cairn.examples.view.LiveFrames;
import org.cairn.examples.view.ViewServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The viewer as a person meets it, in a real browser: Debian's headless Chromium driven through
 * ChromeDriver (WebGL by SwiftShader, on the CPU). Skipped, saying why, only where Chromium or
 * ChromeDriver is not installed ({@code .ci/run} installs them).
 */
class ViewerBrowserTest {
    private static final String CHROMIUM = "/usr/bin/chromium";
    private static final String DRIVER = "/usr/bin/chromedriver";
    private static ViewServer server;
    private static ChromeDriver driver;
    private static Path profile;

    @BeforeAll
    static void start() throws IOException {
        boolean installed = new File(CHROMIUM).canExecute() && new File(DRIVER).canExecute();
        if (!installed) {
            System.out.println("ViewerBrowserTest skipped: " + CHROMIUM + " or " + DRIVER
                    + " is not installed (Debian packages chromium and chromium-driver)");
        }
        Assumptions.assumeTrue(installed, "Chromium and ChromeDriver are not installed");
        server = new ViewServer(new LiveFrames(ViewServerTest.compile(ViewServerTest.SCENE), 1200), 0);
        profile = Files.createTempDirectory("cairn-chromium");
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM);
        // Headless on the CPU, and no calls home: this machine's network is closed.
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--enable-unsafe-swiftshader",
                "--use-angle=swiftshader", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--no-first-run", "--window-size=1200,800", "--user-data-dir=" + profile);
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        options.setCapability("goog:loggingPrefs", logs);
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(new File(DRIVER))
                .usingAnyFreePort().build();
        driver = new ChromeDriver(service, options);
        driver.get(server.uri().toString());
        new WebDriverWait(driver, Duration.ofSeconds(60)).until(d -> "true".equals(
                d.findElement(By.tagName("body")).getDomAttribute("data-ready")));
    }

    @AfterAll
    static void stop() throws IOException {
        if (driver != null) {
            driver.quit();
        }
        if (server != null) {
            server.close();
        }
        if (profile != null) {
            try (var files = Files.walk(profile)) {
                files.sorted(java.util.Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
            }
        }
    }

    private static BufferedImage screenshot() throws IOException {
        return ImageIO.read(new ByteArrayInputStream(driver.getScreenshotAs(OutputType.BYTES)));
    }

    private static int colours(BufferedImage image) {
        Set<Integer> seen = new HashSet<>();
        for (int y = 0; y < image.getHeight() - 60; y += 4) {
            for (int x = 0; x < image.getWidth(); x += 4) {
                seen.add(image.getRGB(x, y));
            }
        }
        return seen.size();
    }

    @Test
    void thePageLoadsWithoutErrorsShowsTheScenePlaysAndTellsAClickedBodysName() throws IOException {
        List<LogEntry> errors = driver.manage().logs().get(LogType.BROWSER).getAll().stream()
                .filter(e -> e.getLevel().intValue() >= Level.SEVERE.intValue()).toList();
        assertEquals(List.of(), errors, "console errors");
        assertEquals("3", driver.findElement(By.id("summary")).getDomAttribute("data-bodies"), "bodies shown");
        BufferedImage before = screenshot();
        assertTrue(colours(before) > 50, colours(before) + " colours: the canvas is blank");

        driver.findElement(By.id("play")).click();
        new WebDriverWait(driver, Duration.ofSeconds(30)).until(d -> ((Number) ((JavascriptExecutor) d)
                .executeScript("return window.cairnViewer.index")).intValue() > 30);
        driver.findElement(By.id("play")).click();
        BufferedImage after = screenshot();
        int changed = 0;
        for (int y = 0; y < before.getHeight() - 60; y += 4) {
            for (int x = 0; x < before.getWidth() - 330; x += 4) {
                changed += before.getRGB(x, y) != after.getRGB(x, y) ? 1 : 0;
            }
        }
        assertTrue(changed > 100, changed + " pixels changed: the falling ball should have moved");

        // Click the crate (body 1), where the viewer's camera projects it.
        @SuppressWarnings("unchecked")
        List<Number> at = (List<Number>) ((JavascriptExecutor) driver).executeScript("return window.cairnViewer.project(1)");
        new Actions(driver).moveToLocation(at.get(0).intValue(), at.get(1).intValue()).click().perform();
        WebElement name = new WebDriverWait(driver, Duration.ofSeconds(10)).until(d -> d.findElement(By.id("selectedName")));
        assertEquals("crate", name.getText());
        assertTrue(driver.findElement(By.id("selected")).getText().contains("1000.000 kg"),
                driver.findElement(By.id("selected")).getText());
    }
}
