package dev.rosetta.cli;

import java.io.PrintWriter;

import dev.rosetta.cli.render.TerminalOutput;

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
        TerminalOutput output = Main.output(cmd.getCommandSpec());
        // The message quotes the argument, which may hold anything: one line, controls shown.
        output.problem(name + ": " + ex.getMessage());
        PrintWriter err = cmd.getErr();
        UnmatchedArgumentException.printSuggestions(ex, err);
        err.flush();
        output.problem("Try '" + name + " --help' for more information.");
        return cmd.getCommandSpec().exitCodeOnInvalidInput();
    }
}
