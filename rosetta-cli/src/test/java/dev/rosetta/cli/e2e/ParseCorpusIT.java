package dev.rosetta.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import dev.rosetta.core.json.Json;
import dev.rosetta.core.split.CorpusCase;
import dev.rosetta.core.split.CorpusCheck;
import dev.rosetta.core.split.CorpusRead;

/**
 * The model-output corpus of rosetta-core read by the real jar, as an outside program reads it:
 * {@code rosetta parse --format auto --tool-schemas tools.json}, the message on stdin, the JSON on
 * stdout checked against each case's expectations by the same {@link CorpusCheck} as rosetta-core's
 * CorpusTest, which reads the cases in-process, whole and streamed. This covers what only a user
 * of the command meets: option parsing, the schemas file, the JSON writer, the call ids it prints.
 * Every third case of each file goes through the jar (each is a JVM start; all of them took 87 s
 * of the suite): the reading itself is CorpusTest's, and the wiring is the same for every case.
 */
class ParseCorpusIT {

    private static final String BUILTINS = "shell,ipython,jshell,save,append,patch,read";
    /** One case in this many goes through the jar; the first of each file always does. */
    private static final int SAMPLE = 3;
    /** Two runs at a time: each is a JVM start, and the machine may be small. */
    private static final ExecutorService runs = Executors.newFixedThreadPool(2);

    @TempDir
    static Path temp;
    private static Path toolsJson;

    @BeforeAll
    static void writeToolSchemas() throws IOException {
        toolsJson = Files.writeString(temp.resolve("tools.json"), CorpusCase.toolsJson(), StandardCharsets.UTF_8);
    }

    @AfterAll
    static void stopRuns() {
        runs.shutdownNow();
    }

    @TestFactory
    Stream<DynamicNode> everyCaseReadsAsExpectedThroughTheJar() {
        return CorpusCase.all().entrySet().stream().map(file -> {
            List<DynamicNode> tests = new ArrayList<>();
            List<CorpusCase> cases = file.getValue();
            for (int i = 0; i < cases.size(); i += SAMPLE) {
                CorpusCase c = cases.get(i);
                CompletableFuture<Run> run = CompletableFuture.supplyAsync(() -> parse(c), runs);
                tests.add(DynamicTest.dynamicTest(c.name(), () -> CorpusCheck.checkOrGap(c, () -> segments(run.join()))));
            }
            return DynamicContainer.dynamicContainer(file.getKey(), tests);
        });
    }

    /** {@code rosetta parse} with the case's format and tools, its message on stdin. */
    private static Run parse(CorpusCase c) {
        List<String> args = new ArrayList<>(List.of("parse", "--format", c.format()));
        if (!c.tools().equals("builtin")) {
            args.addAll(List.of("--tool-schemas", toolsJson.toString()));
        }
        if (c.tools().equals("all")) {
            args.addAll(List.of("--tools", BUILTINS));
        }
        Path root = temp.resolve(c.file() + "-" + c.name());
        return new Sandbox(root, Map.of()).rosettaWithStdin(c.message(), args.toArray(String[]::new));
    }

    @SuppressWarnings("unchecked")
    private static List<CorpusRead> segments(Run run) {
        assertThat(run.exitCode()).as(run.toString()).isZero();
        List<Map<String, Object>> segments = (List<Map<String, Object>>) Json.readObject(run.stdout()).get("segments");
        return segments.stream().map(CorpusRead::of).toList();
    }
}
