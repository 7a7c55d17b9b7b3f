package dev.rosetta.cli.terminal;

/**
 * What Rosetta's exit code means: 0 done, 1 the model, a tool or the disk failed, 2 bad usage or
 * configuration, 130 interrupted (as a shell reports a program Ctrl-C ended).
 */
public final class ExitCode {

    public static final int OK = 0;
    public static final int FAILED = 1;
    public static final int BAD_USAGE = 2;
    public static final int INTERRUPTED = 130;

    private ExitCode() {}
}
