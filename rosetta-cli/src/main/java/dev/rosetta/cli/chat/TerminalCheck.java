package dev.rosetta.cli.chat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Whether standard input and output are a terminal (not a pipe, a file or /dev/null). */
public final class TerminalCheck {

    private TerminalCheck() {}

    public static boolean stdinIsTerminal() {
        return isTerminal(0);
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
