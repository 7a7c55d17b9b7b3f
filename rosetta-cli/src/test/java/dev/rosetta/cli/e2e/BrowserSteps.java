package dev.rosetta.cli.e2e;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import dev.rosetta.core.testing.MachineRequirement;

/**
 * The steps of {@code web/browser-test.js}, run in Debian's Chromium by playwright-core: where both
 * are ({@code ROSETTA_CHROMIUM}, {@code ROSETTA_PLAYWRIGHT}; {@code .ci/playwright} installs them),
 * and a step run against a printed URL. Without them a test is skipped, and fails on CI.
 */
public final class BrowserSteps {

    /** Where the steps' screenshots land (the test report). */
    public static final Path SHOTS = Path.of("target", "web-screenshots").toAbsolutePath();

    private BrowserSteps() {}

    /** Skips (fails on CI) the calling test unless Chromium and playwright-core are installed. */
    public static void require() throws IOException {
        MachineRequirement.require(Files.isExecutable(Path.of(chromium())), "Chromium is not installed at "
                + chromium() + " (apt-get install chromium; .ci/playwright does it)");
        MachineRequirement.require(Files.isRegularFile(playwright().resolve("node_modules/playwright-core/package.json")),
                "playwright-core is not installed in " + playwright() + " (run .ci/playwright)");
        Files.createDirectories(SHOTS);
    }

    /** Runs one step of {@code web/browser-test.js} against {@code url}; returns what it printed. */
    public static String run(String step, String url) throws IOException, InterruptedException {
        return run("browser-test.js", step, url);
    }

    /**
     * Runs one step of the script {@code web/SCRIPT} against {@code url}; returns what it printed.
     *
     * @throws AssertionError with what the step and the page said, when the step fails
     */
    public static String run(String scriptName, String step, String url) throws IOException, InterruptedException {
        Path script = Path.of("src", "test", "resources", "web", scriptName).toAbsolutePath();
        ProcessBuilder builder = new ProcessBuilder(List.of("node", script.toString(), url, SHOTS.toString(), step))
                .redirectErrorStream(true);
        builder.environment().put("NODE_PATH", playwright().resolve("node_modules").toString());
        builder.environment().put("ROSETTA_CHROMIUM", chromium());
        Process node = builder.start();
        String output;
        try (var in = node.getInputStream()) {
            output = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        if (!node.waitFor(120, TimeUnit.SECONDS)) {
            node.destroyForcibly();
            throw new AssertionError("the browser step " + step + " ran over two minutes:\n" + output);
        }
        if (node.exitValue() != 0) {
            throw new AssertionError("the browser step " + step + " failed: " + output);
        }
        return output;
    }

    private static String chromium() {
        return System.getenv().getOrDefault("ROSETTA_CHROMIUM", "/usr/bin/chromium");
    }

    private static Path playwright() {
        String dir = System.getenv("ROSETTA_PLAYWRIGHT");
        if (dir != null && !dir.isBlank()) {
            return Path.of(dir);
        }
        String cache = System.getenv().getOrDefault("XDG_CACHE_HOME", System.getProperty("user.home") + "/.cache");
        return Path.of(cache, "rosetta-ci", "playwright-core-1.65.1");
    }
}
