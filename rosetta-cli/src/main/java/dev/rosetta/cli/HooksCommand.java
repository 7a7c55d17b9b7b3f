package dev.rosetta.cli;

import java.util.List;
import java.util.Map;

import dev.rosetta.agent.config.Configuration;
import dev.rosetta.agent.config.ProjectApprovals;
import dev.rosetta.agent.hooks.HookEntry;
import dev.rosetta.cli.render.TerminalChannel;
import dev.rosetta.cli.render.TerminalText;
import dev.rosetta.cli.terminal.ExitCode;
import picocli.CommandLine.Command;

/**
 * {@code rosetta hooks}: the hooks the config files give (docs/CONFIG.md, Hooks), and whether a
 * project's are approved; {@code rosetta hooks approve} lets a project's run — for a CI job or a
 * script, where no one is asked when the conversation opens.
 */
@Command(name = "hooks", description = "Hooks: list the configured ones; approve a project's.",
        subcommands = {HooksCommand.Approve.class})
final class HooksCommand extends McpCommand.Sub {

    @picocli.CommandLine.Mixin
    McpCommand.Workspace where = new McpCommand.Workspace();

    @Override
    int run() {
        Map<String, String> env = System.getenv();
        Configuration config = where.config(env);
        config.warnings().forEach(output::warning);
        List<HookEntry> project = project(config);
        boolean approved = project.isEmpty() || ProjectApprovals.of(env).approved(where.path(), project);
        TerminalChannel out = output.out();
        if (config.hooks().isEmpty()) {
            out.line("no hooks configured ([[hooks]] in config.toml or rosetta.toml; docs/CONFIG.md, Hooks)");
        }
        for (HookEntry e : config.hooks()) {
            String state = !e.fromProject() ? "runs" : approved ? "runs (approved)" : "not approved";
            out.line(TerminalText.safe(e.describe() + "\t" + state + "\t" + e.source()));
        }
        if (!approved) {
            out.line("a project's hooks run once you approve them: rosetta hooks approve");
        }
        return ExitCode.OK;
    }

    private static List<HookEntry> project(Configuration config) {
        return config.hooks().stream().filter(HookEntry::fromProject).toList();
    }

    @Command(name = "approve", description = "Lets the project's hooks run in this project (asked again when they change).")
    static final class Approve extends McpCommand.Sub {
        @picocli.CommandLine.Mixin
        McpCommand.Workspace where = new McpCommand.Workspace();

        @Override
        int run() {
            Map<String, String> env = System.getenv();
            List<HookEntry> project = project(where.config(env));
            if (project.isEmpty()) {
                output.error("there are no hooks in " + where.path().resolve("rosetta.toml")
                        + " to approve; your own hooks need no approval");
                return ExitCode.BAD_USAGE;
            }
            ProjectApprovals.of(env).approve(where.path(), project);
            TerminalChannel out = output.out();
            project.forEach(e -> out.line(TerminalText.safe("approved " + e.describe())));
            out.line(TerminalText.safe("for " + where.path() + "; they run from the next conversation on"));
            return ExitCode.OK;
        }
    }
}
