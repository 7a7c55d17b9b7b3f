package dev.rosetta.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import picocli.CommandLine;
import picocli.CommandLine.Help;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.UsageMessageSpec;

/**
 * The layout of {@code rosetta --help}: the options in groups, in the order a user reaches for
 * them (which model, which format, which conversation, which tools, what is printed) rather than
 * alphabetically; then the commands, examples, the environment Rosetta reads, and exit codes.
 */
final class Usage {

    /** A heading and its options, each named by its longest name. */
    record Group(String heading, List<String> options) {}

    static final List<Group> GROUPS = List.of(
            new Group("Model", List.of("--model", "--thinking")),
            new Group("Format", List.of("--tool-format")),
            new Group("Conversation", List.of("--resume", "--name", "--non-interactive", "--max-steps")),
            new Group("Tools", List.of("--tools", "--no-confirm", "--workspace", "--confine", "--sandbox", "--mcp")),
            new Group("Output", List.of("--ui", "--output-format", "--stream", "--serve", "--verbose")),
            new Group("Help", List.of("--help", "--version")));

    /** Where an option of no group is listed, so that help never hides one (a test keeps this empty). */
    static final String UNGROUPED = "Other";

    private static final String EXAMPLES_KEY = "examples";
    private static final String ENVIRONMENT_KEY = "environment";

    static final List<String[]> EXAMPLES = List.of(
            new String[] {"rosetta", "the interactive prompt"},
            new String[] {"rosetta -m sonnet \"add a --dry-run flag\"", "one task, then the prompt"},
            new String[] {"git diff | rosetta -n \"review this\"", "piped input joins the prompt; -n asks nothing"},
            new String[] {"rosetta -r", "go on with the last conversation"},
            new String[] {"rosetta -t -ipython,-jshell", "every tool but the Python and Java ones"},
            new String[] {"rosetta -- logs are too big", "a prompt whose first word is a command"},
            new String[] {"rosetta parse --format xml reply.md", "the calls in a message, as JSON"},
            new String[] {"rosetta help parse", "the options of a command"});

    static final List<String[]> ENVIRONMENT = List.of(
            new String[] {"ANTHROPIC_API_KEY, OPENAI_API_KEY, OPENROUTER_API_KEY, DEEPSEEK_API_KEY, GEMINI_API_KEY,"
                    + " XAI_API_KEY, MOONSHOT_API_KEY, ZAI_API_KEY, MINIMAX_API_KEY, GROQ_API_KEY",
                "a provider's API key; without -m, the first one set, in this order, chooses the model"},
            new String[] {"NVIDIA_API_KEY, AZURE_API_KEY, LOCAL_API_KEY, OLLAMA_API_KEY", "the keys of nvidia,"
                    + " azure, local and ollama (local and ollama need none)"},
            new String[] {"<PROVIDER>_BASE_URL", "where a provider's API is (AZURE_BASE_URL is required for azure)"},
            new String[] {"OLLAMA_HOST", "the Ollama server of ollama/MODEL (and of local/MODEL without"
                    + " LOCAL_BASE_URL): host:port or a URL"},
            new String[] {"OLLAMA_KEEP_ALIVE", "how long Ollama keeps a model loaded after a request (e.g. 30m)"},
            new String[] {"ROSETTA_MODEL, MODEL", "the model when -m is not given"},
            new String[] {"ROSETTA_TOOL_FORMAT, TOOL_FORMAT", "the format when --tool-format is not given"},
            new String[] {"ROSETTA_SHELL_TIMEOUT, ROSETTA_PYTHON_TIMEOUT, ROSETTA_JSHELL_TIMEOUT",
                "how long one call may run: seconds (90) or 500ms, 20m, 1h30m; default 20m"},
            new String[] {"ROSETTA_REPLY_TIMEOUT", "the most one model reply may take, retries included; default 30m"},
            new String[] {"ROSETTA_BREAK_ON_TOOLUSE", "1: stop a reply at its first complete call; 0: let it go on"},
            new String[] {"ROSETTA_LOGS_HOME", "where conversations are saved (else $XDG_DATA_HOME/rosetta/logs)"},
            new String[] {"ROSETTA_SANDBOX", "set for the processes the model runs, when sandboxed: bubblewrap or Seatbelt"},
            new String[] {"ROSETTA_RECORD_REPLIES, ROSETTA_REPLAY_REPLIES",
                "a file every model reply is kept in / replies are read from instead of a provider (rosetta eval"
                        + " sets them)"},
            new String[] {"XDG_CONFIG_HOME, XDG_DATA_HOME", "the folders of config.toml and of the logs"},
            new String[] {"NO_COLOR, TERM", "NO_COLOR: no colour; TERM=dumb: no colour, no line editing"},
            new String[] {"VISUAL, EDITOR", "the editor [e]dit opens"},
            new String[] {"JAVA_HOME, ROSETTA_JAVA_OPTS, XDG_CACHE_HOME", "read by the ./rosetta launcher"},
            new String[] {"", "Keys, models, formats and the shell timeout may also be set in the [env] table of a"
                    + " config file; docs/CONFIG.md says how each is chosen."});

    /** Left column of the examples and the environment; the text to its right starts here. */
    private static final int NAME_COLUMN = 38;

    private Usage() {}

    /** Gives {@code rosetta}'s help its groups and its extra sections. */
    static void apply(CommandLine commandLine) {
        UsageMessageSpec usage = commandLine.getCommandSpec().usageMessage();
        Map<String, CommandLine.IHelpSectionRenderer> sections = new LinkedHashMap<>(usage.sectionMap());
        sections.put(UsageMessageSpec.SECTION_KEY_OPTION_LIST, Usage::groupedOptions);
        sections.put(EXAMPLES_KEY, help -> section("Examples", EXAMPLES, usage.width()));
        sections.put(ENVIRONMENT_KEY, help -> section("Environment", ENVIRONMENT, usage.width()));
        usage.sectionMap(sections);
        List<String> keys = new ArrayList<>(usage.sectionKeys());
        keys.remove(UsageMessageSpec.SECTION_KEY_OPTION_LIST_HEADING);
        keys.add(keys.indexOf(UsageMessageSpec.SECTION_KEY_EXIT_CODE_LIST_HEADING), EXAMPLES_KEY);
        keys.add(keys.indexOf(UsageMessageSpec.SECTION_KEY_EXIT_CODE_LIST_HEADING), ENVIRONMENT_KEY);
        usage.sectionKeys(keys);
    }

    private static String groupedOptions(Help help) {
        CommandSpec spec = help.commandSpec();
        List<OptionSpec> left = new ArrayList<>(spec.options());
        StringBuilder out = new StringBuilder();
        for (Group group : GROUPS) {
            List<OptionSpec> options = new ArrayList<>();
            for (String name : group.options()) {
                OptionSpec option = spec.findOption(name);
                if (option != null && left.remove(option)) {
                    options.add(option);
                }
            }
            out.append(optionGroup(help, group.heading(), options));
        }
        out.append(optionGroup(help, UNGROUPED, left));
        return out.toString();
    }

    private static String optionGroup(Help help, String heading, List<OptionSpec> options) {
        if (options.isEmpty()) {
            return "";
        }
        Help.Layout layout = help.createDefaultLayout();
        for (OptionSpec option : options) {
            layout.addOption(option, help.parameterLabelRenderer());
        }
        return String.format("%n%s:%n", heading) + layout;
    }

    /** A heading, then rows of a name and what it means; a name too long for its column gets a line of its own. */
    static String section(String heading, List<String[]> rows, int width) {
        StringBuilder out = new StringBuilder(String.format("%n%s:%n", heading));
        for (String[] row : rows) {
            String name = row[0];
            if (name.isEmpty()) {
                wrap(out, "  ", row[1], 2, width);
            } else if (name.length() > NAME_COLUMN - 3) {
                wrap(out, "  ", name, 4, width);
                wrap(out, " ".repeat(NAME_COLUMN), row[1], NAME_COLUMN, width);
            } else {
                wrap(out, "  " + name + " ".repeat(NAME_COLUMN - 2 - name.length()), row[1], NAME_COLUMN, width);
            }
        }
        return out.toString();
    }

    /** Appends {@code prefix} and {@code text}, word-wrapped to lines shorter than {@code width}, indenting the rest. */
    private static void wrap(StringBuilder out, String prefix, String text, int indent, int width) {
        StringBuilder line = new StringBuilder(prefix);
        boolean fresh = true;
        for (String word : text.strip().split(" +")) {
            if (!fresh && line.length() + 1 + word.length() >= width) {
                out.append(line).append(System.lineSeparator());
                line = new StringBuilder(" ".repeat(indent));
                fresh = true;
            }
            if (!fresh) {
                line.append(' ');
            }
            line.append(word);
            fresh = false;
        }
        out.append(line).append(System.lineSeparator());
    }
}
