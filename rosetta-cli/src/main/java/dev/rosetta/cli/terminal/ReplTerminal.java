package dev.rosetta.cli.terminal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import java.util.logging.Logger;

import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import org.jline.utils.InfoCmp;


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

    /** How many SIGINTs the process has had (Ctrl-C while the terminal sends signals). */
    private static final AtomicLong INTERRUPTS = new AtomicLong();

    private ReplTerminal() {}

    /**
     * One JVM handler per signal for the whole session, passing each signal to whichever handler
     * the terminal holds at that moment (the line editor's, a turn's, the prompt's). JLine's own
     * native registration instead swaps the JVM's handler every time its handler changes, and a
     * Ctrl-C landing in that moment reached the JVM's default and ended Rosetta with 130.
     */
    private static void forwardSignals(Terminal terminal) {
        for (Terminal.Signal signal : List.of(Terminal.Signal.INT, Terminal.Signal.WINCH, Terminal.Signal.CONT)) {
            try {
                sun.misc.Signal.handle(new sun.misc.Signal(signal.name()), s -> {
                    if (signal == Terminal.Signal.INT) {
                        INTERRUPTS.incrementAndGet();
                    }
                    terminal.raise(signal);
                });
            } catch (IllegalArgumentException e) {
                // Not a signal on this platform, or one the JVM keeps (-Xrs): JLine copes without it.
            }
        }
    }

    /**
     * How many SIGINTs have come so far: tells a line editor stopped by Ctrl-C (its handler
     * interrupts its thread) from one stopped by an interrupt of another cause.
     */
    public static long interruptsReceived() {
        return INTERRUPTS.get();
    }

    /** Before the prompt takes over: Ctrl-C ends Rosetta, as an interrupted program does. */
    private static void leaveOnInterrupt(Terminal.Signal signal) {
        if (signal == Terminal.Signal.INT) {
            System.exit(ExitCode.INTERRUPTED);
        }
    }

    /** Restores the terminal's modes (a confirmation may have it raw) and exits without waiting: a second Ctrl-C in a turn. */
    public static void leave(Terminal terminal) {
        try {
            terminal.close();
        } catch (IOException | RuntimeException ignored) {
            // Exiting anyway; a terminal left in an odd mode is fixed by `reset`.
        }
        Runtime.getRuntime().halt(ExitCode.INTERRUPTED);
    }

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
        useBundledCapabilities(env.get("TERM"));
        // JNI reaches termios directly (JDK 21 and later); exec runs stty where the native library
        // cannot be loaded (a noexec temporary folder, an unusual platform). Asking both at once
        // makes JLine fork `test -t` even when JNI answers, so exec is only the second try.
        Optional<Terminal> terminal = build("jni").or(() -> build("exec"));
        terminal.ifPresent(ReplTerminal::forwardSignals);
        return terminal;
    }

    /**
     * UTF-8 as the renderer writes, whatever the locale says. Signals reach JLine through one
     * handler of ours ({@link #forwardSignals}), and until the prompt sets its own, Ctrl-C leaves
     * as it does anywhere else.
     */
    private static Optional<Terminal> build(String provider) {
        try {
            Terminal terminal = TerminalBuilder.builder().name("rosetta").system(true).providers(provider)
                    .encoding(StandardCharsets.UTF_8).stdinEncoding(StandardCharsets.UTF_8)
                    .stdoutEncoding(StandardCharsets.UTF_8).dumb(true).nativeSignals(false)
                    .signalHandler(ReplTerminal::leaveOnInterrupt).build();
            if (terminal.getType().startsWith(Terminal.TYPE_DUMB)) {
                terminal.close();
                return Optional.empty();
            }
            return Optional.of(terminal);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * JLine runs {@code infocmp} for the terminal's capabilities on every start (a fork the prompt
     * waits for) even when it carries the same entry itself, as it does for xterm, xterm-256color,
     * screen, screen-256color and rxvt: for those, its own copy is used.
     */
    private static void useBundledCapabilities(String term) {
        if (term == null || term.isBlank()) {
            return;
        }
        try {
            String bundled = InfoCmp.getDefaultInfoCmp(term);
            if (bundled != null && InfoCmp.getLoadedInfoCmp(term) == null) {
                InfoCmp.setLoadedInfoCmp(term, bundled);
            }
        } catch (RuntimeException e) {
            // Not bundled: JLine asks infocmp as usual.
        }
    }
}
