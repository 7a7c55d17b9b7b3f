package dev.rosetta.cli;

import java.io.PrintWriter;

import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.ParseResult;

/**
 * What a command did not expect: one line on stderr and exit code 1. The stack trace is for
 * bug reports, so only --verbose prints it.
 */
final class UnexpectedErrors implements IExecutionExceptionHandler {

    static final int EXIT_CODE = 1;

    @Override
    public int handleExecutionException(Exception ex, CommandLine cmd, ParseResult parseResult) {
        boolean verbose = cmd.getCommandSpec().root().userObject() instanceof Main main && main.verbose();
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
        String line = message == null || message.isBlank() ? type : type + ": " + message;
        // One line, whatever the message holds.
        return line.strip().replaceAll("\\s*\\R\\s*", " ");
    }
}
