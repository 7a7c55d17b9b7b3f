package dev.rosetta.cli;

import java.io.PrintWriter;

import dev.rosetta.core.RosettaException;

import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.ParseResult;

/**
 * What a command did not expect: one line on stderr and exit code 1. The stack trace is for
 * bug reports, so only --verbose prints it. A {@link RosettaException} was expected (a config
 * file that cannot be read, a log folder that is a file): its message alone, and exit code 2.
 */
final class UnexpectedErrors implements IExecutionExceptionHandler {

    static final int EXIT_CODE = 1;
    static final int CONFIGURATION = 2;

    @Override
    public int handleExecutionException(Exception ex, CommandLine cmd, ParseResult parseResult) {
        boolean verbose = cmd.getCommandSpec().root().userObject() instanceof Main main && main.verbose();
        if (ex instanceof RosettaException expected) {
            PrintWriter err = cmd.getErr();
            err.println("rosetta: " + oneLine(String.valueOf(expected.getMessage())));
            if (verbose) {
                expected.printStackTrace(err);
            }
            err.flush();
            return CONFIGURATION;
        }
        return report(ex, cmd.getErr(), verbose);
    }

    static int report(Throwable problem, PrintWriter err, boolean verbose) {
        err.println("rosetta: " + describe(problem));
        if (verbose) {
            problem.printStackTrace(err);
        }
        err.flush();
        return EXIT_CODE;
    }

    /** The message, led by the type: for an unexpected error the type is half of what happened. */
    static String describe(Throwable problem) {
        String message = problem.getMessage();
        String type = problem.getClass().getSimpleName();
        return oneLine(message == null || message.isBlank() ? type : type + ": " + message);
    }

    /** One line, whatever the message holds. */
    private static String oneLine(String text) {
        return text.strip().replaceAll("\\s*\\R\\s*", " ");
    }
}
