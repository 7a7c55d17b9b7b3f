package dev.rosetta.cli.repl;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * A program running in a real terminal: a tmux session (120×40 unless said otherwise) on a tmux
 * server of its own (its socket in the test's folder, no user config), typed into with send-keys
 * and read with capture-pane. Waits poll the screen until what is expected appears, so nothing
 * sleeps for a fixed time.
 */
final class TmuxSession implements AutoCloseable {

    static final Duration PATIENCE = Duration.ofSeconds(20);
    private static final String NAME = "repl";

    private final Path folder;
    private final Map<String, String> env;
    private final Path exitFile;
    private ProcessHandle pane;

    private TmuxSession(Path folder, Map<String, String> env) {
        this.folder = folder;
        this.env = env;
        this.exitFile = folder.resolve("exit-code");
    }

    /** Whether tmux can be run here. */
    static boolean available() {
        try {
            return new ProcessBuilder("tmux", "-V").redirectErrorStream(true).start().waitFor() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * Starts {@code command} in a new session; the environment is exactly {@code env} (plus
     * TMUX_TMPDIR, which puts the server's socket in {@code folder}).
     */
    static TmuxSession start(Path folder, Map<String, String> env, List<String> command) throws Exception {
        return start(folder, env, command, 120, 40);
    }

    /** As {@link #start(Path, Map, List)}, in a terminal of {@code columns}×{@code rows}. */
    static TmuxSession start(Path folder, Map<String, String> env, List<String> command, int columns, int rows)
            throws Exception {
        TmuxSession session = new TmuxSession(folder, env);
        Files.deleteIfExists(session.exitFile);
        String line = String.join(" ", command.stream().map(TmuxSession::quoted).toList()) + "; echo $? > "
                + quoted(session.exitFile.toString());
        String pid = session.tmux("new-session", "-d", "-s", NAME, "-x", String.valueOf(columns), "-y",
                String.valueOf(rows), "-P", "-F", "#{pane_pid}", line).strip();
        session.pane = ProcessHandle.of(Long.parseLong(pid)).orElse(null);
        return session;
    }

    /** Keeps the pane when the program ends, so that its history can be read then (the scrollback after exit). */
    void keepAfterExit() throws Exception {
        tmux("set-option", "-w", "-t", NAME, "remain-on-exit", "on");
    }

    /** Types text as it is (no key names). */
    void type(String text) throws Exception {
        tmux("send-keys", "-t", NAME, "-l", text);
    }

    /** Presses keys by name: Enter, C-c, C-d, Tab, Up. */
    void press(String... keys) throws Exception {
        List<String> args = new ArrayList<>(List.of("send-keys", "-t", NAME));
        args.addAll(List.of(keys));
        tmux(args.toArray(String[]::new));
    }

    /** Pastes text as a terminal pastes it: in bracketed-paste markers when the program asked for them. */
    void paste(String text) throws Exception {
        tmux("set-buffer", "-b", "paste", text);
        tmux("paste-buffer", "-p", "-d", "-b", "paste", "-t", NAME);
    }

    /** The screen and its scrollback, wrapped lines joined, without colour. */
    String screen() throws Exception {
        return tmux("capture-pane", "-p", "-J", "-S", "-2000", "-t", NAME);
    }

    /** The visible screen only (no scrollback), lines as the terminal shows them (not joined). */
    String visibleScreen() throws Exception {
        return tmux("capture-pane", "-p", "-t", NAME);
    }

    /** The whole history of the pane, wrapped lines joined: what a user scrolls back through. */
    String history() throws Exception {
        return tmux("capture-pane", "-p", "-J", "-S", "-", "-E", "-", "-t", NAME);
    }

    /** The history with the colours as SGR sequences. */
    String historyInColour() throws Exception {
        return tmux("capture-pane", "-p", "-e", "-J", "-S", "-", "-E", "-", "-t", NAME);
    }

    /** The pane's title, as a program sets it with OSC 0 or 2. */
    String title() throws Exception {
        return tmux("display-message", "-p", "-t", NAME, "#{pane_title}").strip();
    }

    /** Makes the terminal this size, as a user dragging the window's corner does. */
    void resize(int columns, int rows) throws Exception {
        tmux("resize-window", "-t", NAME, "-x", String.valueOf(columns), "-y", String.valueOf(rows));
    }

    /** From now on every byte the program writes to the terminal is also appended to {@code file}. */
    void recordOutput(Path file) throws Exception {
        tmux("pipe-pane", "-o", "-t", NAME, "cat >> " + quoted(file.toString()));
    }

    /** Stops {@link #recordOutput}. */
    void stopRecording() throws Exception {
        tmux("pipe-pane", "-t", NAME);
    }

    /** The same with the colours as SGR sequences. */
    String screenInColour() throws Exception {
        return tmux("capture-pane", "-p", "-e", "-J", "-S", "-2000", "-t", NAME);
    }

    /** Waits until the screen shows {@code text}; the screen then. */
    String waitFor(String text) throws Exception {
        return waitUntil("'" + text + "' on screen", s -> s.contains(text));
    }

    /** Waits until {@code text} shows {@code times} times (a prompt come back after a turn). */
    String waitFor(String text, int times) throws Exception {
        return waitUntil(times + " × '" + text + "' on screen", s -> s.split(java.util.regex.Pattern.quote(text), -1)
                .length - 1 >= times);
    }

    /**
     * Waits until {@code prompt} shows {@code times} times and nothing runs: the line prompt is the
     * last line, or, in the terminal UI, the prompt is over an idle status line (no "Esc
     * interrupts", the context's percentage shown). The UI's prompt stays on screen during a turn,
     * so a count of prompts alone does not say that the turn is over.
     */
    String waitForTurnEnd(String prompt, int times) throws Exception {
        return waitUntil(times + " × '" + prompt + "' with the turn over", s -> count(s, prompt) >= times
                && turnOver(s, prompt));
    }

    static boolean turnOver(String screen, String prompt) {
        List<String> lines = screen.lines().filter(l -> !l.isBlank()).toList();
        if (lines.isEmpty()) {
            return false;
        }
        String last = lines.get(lines.size() - 1);
        if (last.strip().startsWith(prompt.strip())) {
            return true;
        }
        return lines.size() >= 2 && lines.get(lines.size() - 2).contains(prompt) && !last.contains("Esc interrupts")
                && last.contains("%)");
    }

    static int count(String screen, String text) {
        return screen.split(java.util.regex.Pattern.quote(text), -1).length - 1;
    }

    String waitUntil(String what, Predicate<String> shown) throws Exception {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (true) {
            String screen = screen();
            if (shown.test(screen)) {
                return screen;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError("waited " + PATIENCE.toSeconds() + " s for " + what + "; the screen:\n"
                        + screen);
            }
            Thread.sleep(50);
        }
    }

    /** The program's exit code, once it has ended. */
    int exitCode() throws Exception {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (!Files.exists(exitFile) || Files.readString(exitFile).isBlank()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("the program did not end; the screen:\n" + screen());
            }
            Thread.sleep(50);
        }
        return Integer.parseInt(Files.readString(exitFile).strip());
    }

    /** Closes the terminal: the tmux server goes, and the program gets SIGHUP as from a closed window. */
    void hangUp() throws Exception {
        tmuxQuietly("kill-server");
    }

    /**
     * Ends the tmux server, and waits for the program to end too (it gets SIGHUP), so that nothing
     * still writes into the test's folder when it is removed.
     */
    @Override
    public void close() throws Exception {
        List<ProcessHandle> started = new ArrayList<>();
        if (pane != null) {
            started.add(pane);
            pane.descendants().forEach(started::add);
        }
        tmuxQuietly("kill-server");
        // A server still going away would answer the next session's start and fail it.
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (tmuxQuietly("list-sessions") == 0 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        for (ProcessHandle p : started) {
            try {
                p.onExit().get(5, TimeUnit.SECONDS);
            } catch (java.util.concurrent.TimeoutException e) {
                p.destroyForcibly();
            }
        }
    }

    private String tmux(String... args) throws Exception {
        Process process = command(args).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(10, TimeUnit.SECONDS) || process.exitValue() != 0) {
            throw new AssertionError("tmux " + String.join(" ", args) + " failed: " + output);
        }
        return output;
    }

    /** Runs tmux, its output dropped; its exit code (-1 when it did not end in time). */
    private int tmuxQuietly(String... args) throws Exception {
        Process process = command(args).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        return process.waitFor(10, TimeUnit.SECONDS) ? process.exitValue() : -1;
    }

    private ProcessBuilder command(String... args) {
        List<String> command = new ArrayList<>(List.of("tmux", "-f", "/dev/null", "-u"));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().clear();
        builder.environment().putAll(env);
        builder.environment().put("TMUX_TMPDIR", folder.toString());
        return builder;
    }

    private static String quoted(String word) {
        return "'" + word.replace("'", "'\\''") + "'";
    }
}
