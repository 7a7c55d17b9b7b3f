package dev.rosetta.cli.chat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.BooleanSupplier;

/** Whether standard input and output are a terminal (not a pipe, a file or /dev/null). */
public final class TerminalCheck {

    /**
     * {@link #stdoutIsTerminal} to be asked later (by the output guard, when it must know). An
     * anonymous class, not a method reference: a lambda is spun at run time, on the start-up path.
     */
    public static final BooleanSupplier STDOUT = new BooleanSupplier() {
        @Override
        public boolean getAsBoolean() {
            return stdoutIsTerminal();
        }
    };

    private TerminalCheck() {}

    public static boolean stdinIsTerminal() {
        return isTerminal(0);
    }

    public static boolean stderrIsTerminal() {
        return isTerminal(2);
    }

    public static boolean stdoutIsTerminal() {
        return isTerminal(1);
    }

    /** Linux names a descriptor's target under /proc; elsewhere, the JDK's console is the best guess. */
    private static boolean isTerminal(int fd) {
        Path link = Path.of("/proc/self/fd/" + fd);
        if (Files.isSymbolicLink(link)) {
            try {
                String target = Files.readSymbolicLink(link).toString();
                return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
            } catch (IOException e) {
                return false;
            }
        }
        return System.console() != null;
    }
}
