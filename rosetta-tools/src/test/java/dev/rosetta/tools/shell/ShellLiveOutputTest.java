package dev.rosetta.tools.shell;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.rosetta.core.tool.Arguments;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.tools.LiveOutput;
import dev.rosetta.tools.ToolContext;

/** A running command's output reaches a live view while it runs, and the result is unchanged. */
class ShellLiveOutputTest {

    @TempDir
    Path workspace;

    private final ShellTool tool = new ShellTool(ShellSettings.fromEnvironment(System.getenv())
            .withTimeout(Duration.ofSeconds(60)));

    private ToolContext context;

    @AfterEach
    void tearDown() {
        tool.close();
        if (context != null) {
            context.sandbox().close();
        }
    }

    @Test
    void outputReachesTheLiveViewBeforeTheCommandEnds() throws Exception {
        ByteArrayOutputStream seen = new ByteArrayOutputStream();
        CountDownLatch started = new CountDownLatch(1);
        LiveOutput live = (bytes, offset, length) -> {
            synchronized (seen) {
                seen.write(bytes, offset, length);
                if (seen.toString(StandardCharsets.UTF_8).contains("started")) {
                    started.countDown();
                }
            }
        };
        context = ToolContext.in(workspace);
        // The command waits for a file the test creates only once "started" was seen live.
        CompletableFuture<ToolResult> result = CompletableFuture.supplyAsync(() -> {
            try {
                return tool.run(new Arguments(Map.of("command",
                        "echo started; while [ ! -e go ]; do sleep 0.02; done; echo finished")),
                        context, live);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });

        assertThat(started.await(30, TimeUnit.SECONDS)).as("'started' seen while the command runs").isTrue();
        assertThat(result).isNotDone();
        Files.createFile(workspace.resolve("go"));

        ToolResult done = result.get(30, TimeUnit.SECONDS);
        assertThat(done.output()).isEqualTo("started\nfinished");
        synchronized (seen) {
            assertThat(seen.toString(StandardCharsets.UTF_8)).contains("started\n", "finished\n");
        }
    }
}
