package dev.rosetta.cli.e2e;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.ProcessBuilder.Redirect;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import dev.rosetta.core.testing.MachineRequirement;

/**
 * A clean world for {@code rosetta} processes: its own HOME, XDG folders, log folder and
 * workspace under one temporary folder, an environment holding only what is set here (so no
 * real key or config of the machine leaks in), stdin from a file, a time limit per process.
 *
 * <p>After every run, stdout, stderr and every file under the sandbox are searched for the fake
 * API keys: no run may print or store one. And stdout and stderr, which are no terminal here,
 * must hold no control character but line feeds and tabs (issue 10 #1): whatever a provider, a
 * file or a tool sent, Rosetta shows it, never passes it on.
 */
final class Sandbox {

    static final String OPENAI_KEY = "sk-proj-e2eFAKEKEYopenai7f3a9c";
    static final String ANTHROPIC_KEY = "sk-ant-api03-e2eFAKEKEYanthropic51d2";
    /** In every fake key, and in nothing Rosetta would print otherwise. */
    static final String KEY_MARK = "FAKEKEY";

    private static final Duration TIME_LIMIT = Duration.ofSeconds(30);

    private final Path root;
    private final Map<String, String> env = new LinkedHashMap<>();
    private int runs;

    Sandbox(Path root, Map<String, String> providerUrls) {
        this.root = root;
        try {
            for (Path dir : List.of(home(), workspace(), logs(), root.resolve("config"), root.resolve("data"),
                    root.resolve("cache"), root.resolve("state"), root.resolve("tmp"), root.resolve("stdio"))) {
                Files.createDirectories(dir);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        env.put("PATH", System.getenv().getOrDefault("PATH", "/usr/local/bin:/usr/bin:/bin"));
        env.put("LANG", "C.UTF-8");
        env.put("TERM", "dumb");
        env.put("HOME", home().toString());
        env.put("XDG_CONFIG_HOME", root.resolve("config").toString());
        env.put("XDG_DATA_HOME", root.resolve("data").toString());
        env.put("XDG_CACHE_HOME", root.resolve("cache").toString());
        env.put("XDG_STATE_HOME", root.resolve("state").toString());
        env.put("TMPDIR", root.resolve("tmp").toString());
        env.put("ROSETTA_LOGS_HOME", logs().toString());
        env.put("OPENAI_API_KEY", OPENAI_KEY);
        env.put("ANTHROPIC_API_KEY", ANTHROPIC_KEY);
        env.putAll(providerUrls);
    }

    Path home() {
        return root.resolve("home");
    }

    Path workspace() {
        return root.resolve("workspace");
    }

    Path logs() {
        return root.resolve("logs");
    }

    /** The user config folder ({@code $XDG_CONFIG_HOME/rosetta}). */
    Path userConfig() {
        return root.resolve("config").resolve("rosetta");
    }

    /** The environment the next runs get; tests may change it. */
    Map<String, String> env() {
        return env;
    }

    /** Skips the calling test, or fails it on CI, unless {@code program} is on the runs' PATH. */
    void requireProgram(String program) {
        boolean found = Stream.of(env.getOrDefault("PATH", "").split(java.io.File.pathSeparator))
                .anyMatch(dir -> !dir.isEmpty() && Files.isExecutable(Path.of(dir, program)));
        MachineRequirement.require(found, program + " is not on the PATH");
    }

    /** Runs {@code rosetta ARGS} in the workspace with stdin empty (as from /dev/null). */
    Run rosetta(String... args) {
        return rosettaWithStdin("", args);
    }

    /** Runs {@code rosetta ARGS} with {@code stdin} piped in. */
    Run rosettaWithStdin(String stdin, String... args) {
        return finish(launchWithStdin(stdin, args));
    }

    /** A {@code rosetta} process that is still running, and where its output goes. */
    record Launched(List<String> args, Process process, Path out, Path err, long startNanos) {}

    /** Starts {@code rosetta ARGS} in the workspace with stdin empty and returns at once, for tests that act on it while it runs. */
    Launched launch(String... args) {
        return launchWithStdin("", args);
    }

    private Launched launchWithStdin(String stdin, String... args) {
        int n = ++runs;
        Path io = root.resolve("stdio");
        Path in = io.resolve(n + ".in");
        Path out = io.resolve(n + ".out");
        Path err = io.resolve(n + ".err");
        try {
            Files.writeString(in, stdin);
            ProcessBuilder builder = new ProcessBuilder(RosettaJar.command(List.of(args)))
                    .directory(workspace().toFile())
                    .redirectInput(Redirect.from(in.toFile()))
                    .redirectOutput(out.toFile())
                    .redirectError(err.toFile());
            builder.environment().clear();
            builder.environment().putAll(env);
            long start = System.nanoTime();
            return new Launched(List.of(args), builder.start(), out, err, start);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Starts {@code rosetta ARGS} with stdin and stdout as pipes the test holds, for a conversation over
     * the headless protocol: the test writes lines as events arrive.
     */
    Conversing converse(String... args) {
        int n = ++runs;
        Path err = root.resolve("stdio").resolve(n + ".err");
        try {
            ProcessBuilder builder = new ProcessBuilder(RosettaJar.command(List.of(args)))
                    .directory(workspace().toFile())
                    .redirectError(err.toFile());
            builder.environment().clear();
            builder.environment().putAll(env);
            return new Conversing(List.of(args), builder.start(), err, this);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A conversation's end, checked as every run is: no key, no control character. */
    Run checked(Run run) {
        try {
            assertNoKeyIn(run);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        assertNoControlCharacterIn(run);
        return run;
    }

    /** Waits for a launched run to end (killing it past the time limit) and checks it leaked no key. */
    Run finish(Launched launched) {
        return finish(launched, TIME_LIMIT);
    }

    /** {@link #finish(Launched)} with a time limit of its own, for a run that holds many (an eval). */
    Run finish(Launched launched, Duration limit) {
        Process process = launched.process();
        try {
            boolean ended = process.waitFor(limit.toSeconds(), TimeUnit.SECONDS);
            if (!ended) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly().waitFor();
            }
            Run run = new Run(launched.args(), ended ? process.exitValue() : -1, Files.readString(launched.out()),
                    Files.readString(launched.err()), Duration.ofNanos(System.nanoTime() - launched.startNanos()));
            if (!ended) {
                throw new AssertionError("rosetta ran longer than " + limit.toSeconds() + " s and was killed:\n" + run);
            }
            if (Boolean.getBoolean("rosetta.e2e.show")) {
                System.err.println(run); // -Drosetta.e2e.show=true: every run's output, to see what a test saw
            }
            assertNoKeyIn(run);
            assertNoControlCharacterIn(run);
            return run;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** Where the stdout of the next run is written as it runs (for a test that watches it). */
    Path nextStdout() {
        return root.resolve("stdio").resolve((runs + 1) + ".out");
    }

    /** The one conversation in the log folder. */
    Path conversation() {
        List<Path> folders = conversations();
        if (folders.size() != 1) {
            throw new AssertionError("expected one conversation in " + logs() + ", found " + folders);
        }
        return folders.getFirst();
    }

    List<Path> conversations() {
        try (Stream<Path> list = Files.list(logs())) {
            return list.filter(Files::isDirectory).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The lines of the one conversation's log. */
    List<String> logLines() {
        try {
            return Files.readAllLines(conversation().resolve("conversation.jsonl"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Fails when stdout or stderr holds a character a terminal would act on: a C0 or C1 control, DEL, a bidi override. */
    static void assertNoControlCharacterIn(Run run) {
        for (String stream : List.of("stdout", "stderr")) {
            String text = stream.equals("stdout") ? run.stdout() : run.stderr();
            for (int i = 0; i < text.length(); i++) {
                char c = text.charAt(i);
                boolean control = c < 0x20 && c != '\n' && c != '\t' || c >= 0x7F && c <= 0x9F
                        || c >= '\u202A' && c <= '\u202E' || c >= '\u2066' && c <= '\u2069';
                if (control) {
                    throw new AssertionError(String.format("a raw U+%04X reached %s at %d:%n%s", (int) c, stream, i, run));
                }
            }
        }
    }

    /** Fails when a fake key is in the run's output or in any file under the sandbox. */
    private void assertNoKeyIn(Run run) throws IOException {
        List<String> leaks = new ArrayList<>();
        if (run.stdout().contains(KEY_MARK)) {
            leaks.add("stdout");
        }
        if (run.stderr().contains(KEY_MARK)) {
            leaks.add("stderr");
        }
        try (Stream<Path> files = Files.walk(root)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                String text = new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1);
                if (text.contains(KEY_MARK)) {
                    leaks.add(root.relativize(file).toString());
                }
            }
        }
        if (!leaks.isEmpty()) {
            throw new AssertionError("an API key leaked into " + leaks + ":\n" + run);
        }
    }
}
