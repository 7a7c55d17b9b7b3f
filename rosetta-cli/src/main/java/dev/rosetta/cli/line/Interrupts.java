package dev.rosetta.cli.line;

import dev.rosetta.cli.terminal.ExitCode;

import sun.misc.Signal;

/**
 * Ctrl-C stops what the conversation is doing (generation, a running tool) instead of killing
 * Rosetta; a second Ctrl-C within two seconds exits at once (the log is synced per message, so
 * nothing written is lost).
 */
public final class Interrupts {

    private static final long SECOND_PRESS_NANOS = 2_000_000_000L;
    private static volatile long lastPress;

    private Interrupts() {}

    public static void onCtrlC(Runnable interrupt) {
        try {
            Signal.handle(new Signal("INT"), signal -> {
                long now = System.nanoTime();
                if (lastPress != 0 && now - lastPress < SECOND_PRESS_NANOS) {
                    Runtime.getRuntime().halt(ExitCode.INTERRUPTED);
                }
                lastPress = now;
                interrupt.run();
            });
        } catch (IllegalArgumentException unsupported) {
            // No SIGINT on this platform: Ctrl-C keeps its default meaning.
        }
    }
}
