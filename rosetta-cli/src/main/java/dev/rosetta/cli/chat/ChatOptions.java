package dev.rosetta.cli.chat;

import java.util.ArrayList;
import java.util.List;

import dev.rosetta.agent.session.SessionSpec;
import dev.rosetta.cli.option.OptionConverters;
import dev.rosetta.cli.option.OutputFormat;
import dev.rosetta.cli.option.UiMode;
import dev.rosetta.llm.Thinking;
import dev.rosetta.tools.sandbox.SandboxMode;

import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The options of a chat: {@code rosetta [OPTIONS] [PROMPT…]}. Values are checked as they are read
 * ({@link dev.rosetta.cli.option.OptionValues}), by picocli and by {@link ChatArguments} alike. The
 * help text shows them in the groups the launcher's usage text defines.
 */
public final class ChatOptions {

    @Parameters(paramLabel = "PROMPT", arity = "0..*",
            description = {"The first message. Piped stdin is added to it as a fenced block.",
                "A prompt whose first word is a command goes after --: rosetta -- logs are too big"})
    List<String> prompt = new ArrayList<>();

    @Option(names = {"-m", "--model"}, paramLabel = "PROVIDER/MODEL",
            description = "The model, e.g. openai/gpt-4.1, anthropic/claude-sonnet-4-6, or an alias such as sonnet.")
    String model;

    @Option(names = "--thinking", paramLabel = "LEVEL", converter = OptionConverters.ThinkingValue.class,
            description = "How hard the model thinks: off, low, medium, high, or a budget in tokens (e.g. 4096)."
                    + " Default: the model's own.")
    Thinking thinking;

    @Option(names = "--tool-format", paramLabel = "FORMAT", converter = OptionConverters.ChatToolFormatValue.class,
            description = "How the model calls tools: markdown, xml, tool (native function calling), or an open"
                    + " model's own text format: hermes, qwen3-coder, glm, mistral, llama3, pythonic, deepseek, kimi,"
                    + " harmony; native: the model's own (hermes where not known); auto: its best in eval results.")
    String toolFormat;

    @Option(names = {"-y", "--no-confirm"}, description = "Run tool calls without asking.")
    boolean noConfirm;

    @Option(names = {"-n", "--non-interactive"},
            description = "Ask the user nothing (implies -y); exit when the model stops calling tools.")
    boolean nonInteractive;

    @Option(names = "--name", paramLabel = "NAME", description = "Name the conversation (or, with -r, the one to resume).")
    String name;

    @Option(names = {"-r", "--resume"}, description = "Continue the last conversation (or the one named by --name).")
    boolean resume;

    @Option(names = {"-w", "--workspace"}, paramLabel = "DIR", description = "The folder tools work in (default: here).")
    String workspace;

    @Option(names = {"-t", "--tools"}, paramLabel = "TOOL", parameterConsumer = OptionConverters.ToolItems.class,
            description = "Tools to load: a list (shell,save), or changes to the default (+jshell,-ipython).")
    List<String> tools;

    @Option(names = "--stream", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Stream replies as they are written (default: on).")
    boolean stream = true;

    @Option(names = "--output-format", paramLabel = "FORMAT", defaultValue = "text",
            converter = OptionConverters.OutputFormatValue.class,
            description = "text, or json: one JSON event per line (messages, calls, results, usage).")
    OutputFormat outputFormat = OutputFormat.TEXT;

    @Option(names = "--ui", paramLabel = "UI", defaultValue = "inline", converter = OptionConverters.UiModeValue.class,
            description = "In a terminal: inline (the terminal UI: calls folded, the transcript on Ctrl-O; the"
                    + " default) or line (the plain line prompt).")
    UiMode ui = UiMode.INLINE;

    @Option(names = "--max-steps", paramLabel = "N", converter = OptionConverters.AtLeastOne.class,
            description = "Requests per turn at most (default: 50).")
    Integer maxSteps;

    @Option(names = "--confine", description = "File tools refuse paths outside the workspace.")
    boolean confine;

    @Option(names = "--sandbox", paramLabel = "MODE", converter = OptionConverters.SandboxModeValue.class,
            description = "Run shell, Python, JShell and MCP servers in a sandbox: auto (where the machine can; the"
                    + " default), on (refuse to run them otherwise), off.")
    SandboxMode sandbox;

    @Option(names = "--serve", description = "Publish this conversation in the browser too (rosetta serve's page):"
            + " prints a URL with a secret token; the page shows it live and can answer its questions. /serve does"
            + " it later.")
    boolean serve;

    // Also read by hand in ChatArguments (the fast path): an option added here must be added there.
    @Option(names = "--mcp", paramLabel = "NAME=URL|NAME=COMMAND", description = "An MCP server for this chat:"
            + " NAME=URL (HTTP) or 'NAME=COMMAND ARGS...' (started; words split as a shell would). Repeatable.")
    List<String> mcp = new ArrayList<>();

    public List<String> prompt() {
        return prompt;
    }

    /**
     * What these options ask of the conversation; calls are confirmed only when someone is there to
     * answer ({@code attended}) and neither -y nor -n says otherwise.
     */
    public SessionSpec spec(boolean attended) {
        return new SessionSpec(resume, name, workspace, model, toolFormat, tools,
                attended && !noConfirm && !nonInteractive, confine, mcp, List.of(), stream, thinking, maxSteps, sandbox);
    }

    /** Whether the plain line prompt was asked for (--ui line). */
    boolean lineUi() {
        return ui == UiMode.LINE;
    }

    boolean json() {
        return outputFormat == OutputFormat.JSON;
    }
}
