package dev.rosetta.cli;

import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.Callable;

import dev.rosetta.agent.log.ConversationSummary;
import dev.rosetta.agent.log.Conversations;
import dev.rosetta.agent.log.LogDirectory;
import dev.rosetta.cli.option.OptionConverters;
import dev.rosetta.cli.render.TerminalOutput;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code rosetta logs}: past conversations, newest first; resume one with {@code -r --name ID}. */
@Command(name = "logs", description = "Lists past conversations, newest first (resume one with: rosetta -r --name ID).")
final class LogsCommand implements Callable<Integer> {

    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm").withZone(ZoneId.systemDefault());

    @Option(names = {"-n", "--limit"}, paramLabel = "N", defaultValue = "20", converter = OptionConverters.AtLeastOne.class,
            description = "How many (default: ${DEFAULT-VALUE}).")
    private int limit;

    @Option(names = "--dir", paramLabel = "DIR", description = "The log folder (default: $ROSETTA_LOGS_HOME, else the XDG data folder).")
    private java.nio.file.Path dir;

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        TerminalOutput output = Main.output(spec);
        var logs = dir != null ? dir : LogDirectory.of(System.getenv());
        var all = Conversations.list(logs);
        if (all.isEmpty()) {
            output.out().line("No conversations yet in " + logs);
            return 0;
        }
        for (ConversationSummary c : all.stream().limit(limit).toList()) {
            String preview = c.preview() == null ? "" : c.preview().replaceAll("\\s+", " ");
            // Folder names and previews may hold anything: line() shows their controls.
            output.out().line(String.format("%-36s %s %4d  %s", c.id().replaceAll("\\s", " "),
                    WHEN.format(c.lastModified()), c.messages(), preview.length() > 60 ? preview.substring(0, 59) + "…"
                    : preview));
        }
        return 0;
    }
}
