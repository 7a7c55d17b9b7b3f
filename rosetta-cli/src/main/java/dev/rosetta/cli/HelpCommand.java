package dev.rosetta.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Help.ColorScheme;
import picocli.CommandLine.IHelpCommandInitializable2;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;

/**
 * {@code rosetta help [COMMAND]}: the help of rosetta or of one of its commands, as {@code git help}
 * and {@code cargo help} have it. Rosetta's own rather than picocli's, whose {@code -h} would clash
 * with the inherited one, and whose error for {@code rosetta help me with this} would not say how to
 * send such a prompt.
 */
@Command(name = "help", helpCommand = true,
        description = "Shows the help of rosetta, or of one of its commands.")
final class HelpCommand implements IHelpCommandInitializable2, Callable<Integer> {

    @Parameters(arity = "0..*", paramLabel = "COMMAND", description = "The command whose help to show.")
    private List<String> words = new ArrayList<>();

    private CommandLine self;
    private ColorScheme colours;
    private PrintWriter out;

    @Override
    public void init(CommandLine helpCommandLine, ColorScheme colorScheme, PrintWriter out, PrintWriter err) {
        this.self = helpCommandLine;
        this.colours = colorScheme;
        this.out = out;
    }

    @Override
    public Integer call() {
        CommandLine rosetta = self.getParent();
        if (words.isEmpty()) {
            rosetta.usage(out, colours);
            return 0;
        }
        CommandLine command = words.size() == 1 ? rosetta.getSubcommands().get(words.getFirst()) : null;
        if (command == null) {
            throw new ParameterException(self, "'" + String.join(" ", words) + "' is not a command; the commands are "
                    + String.join(", ", rosetta.getSubcommands().keySet())
                    + ". For a prompt that starts with 'help', put -- before it: rosetta -- help "
                    + String.join(" ", words));
        }
        command.usage(out, colours);
        return 0;
    }
}
