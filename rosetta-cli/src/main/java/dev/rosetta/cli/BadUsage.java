package dev.rosetta.cli;

import java.io.PrintWriter;

import picocli.CommandLine;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * Reports a command line picocli could not make sense of: its message, its "did you mean"
 * suggestions, and where to find the usage, on stderr, with exit code 2. The full usage would
 * bury the one line that says what was wrong.
 */
final class BadUsage implements IParameterExceptionHandler {

    @Override
    public int handleParseException(ParameterException ex, String[] args) {
        CommandLine cmd = ex.getCommandLine();
        String name = cmd.getCommandSpec().qualifiedName();
        PrintWriter err = cmd.getErr();
        err.println(name + ": " + ex.getMessage());
        UnmatchedArgumentException.printSuggestions(ex, err);
        err.println("Try '" + name + " --help' for more information.");
        err.flush();
        return cmd.getCommandSpec().exitCodeOnInvalidInput();
    }
}
