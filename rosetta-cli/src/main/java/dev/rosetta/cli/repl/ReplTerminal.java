package dev.rosetta.cli.repl;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;

/**
 * The user's terminal through JLine, when there is a real one to edit lines on. None for
 * {@code TERM=dumb}, or when JLine can only offer its dumb terminal (no termios to be had): the
 * plain line prompt serves those.
 */
public final class ReplTerminal {

    /**
     * JLine reports a provider it could not load through java.util.logging, which prints a dated
     * two-line warning; the fallback (another provider, or the plain prompt) is what matters to
     * the user. Held here because the logging framework keeps only weak references to loggers.
     */
    private static final Logger JLINE_LOG = Logger.getLogger("org.jline");

    private static final String GRAPHEME_PROBE = "org.jline.terminal.graphemeCluster";

    private ReplTerminal() {}

    /** The terminal on standard input and output, or none when lines cannot be edited there. */
    public static Optional<Terminal> open(Map<String, String> env) {
        if ("dumb".equals(env.get("TERM"))) {
            return Optional.empty();
        }
        JLINE_LOG.setLevel(Level.OFF);
        // JLine asks the terminal whether it clusters graphemes (DECRQM 2027) and waits for the
        // answer; most terminals (tmux, older xterms) never give one, and the prompt came 40 ms
        // later for it. Without it, widths come from wcwidth, as in every shell. A user may still
        // turn it on with -Dorg.jline.terminal.graphemeCluster=true in ROSETTA_JAVA_OPTS.
        if (System.getProperty(GRAPHEME_PROBE) == null) {
            System.setProperty(GRAPHEME_PROBE, "false");
        }
        try {
            // JNI reaches termios directly (JDK 21 and later); exec runs stty where the native
            // library cannot be loaded (a noexec temporary folder, an unusual platform). UTF-8 as
            // the renderer writes, whatever the locale says.
            Terminal terminal = TerminalBuilder.builder().name("rosetta").system(true).providers("jni,exec")
                    .encoding(StandardCharsets.UTF_8).stdinEncoding(StandardCharsets.UTF_8)
                    .stdoutEncoding(StandardCharsets.UTF_8).dumb(true).build();
            if (terminal.getType().startsWith(Terminal.TYPE_DUMB)) {
                terminal.close();
                return Optional.empty();
            }
            return Optional.of(terminal);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
