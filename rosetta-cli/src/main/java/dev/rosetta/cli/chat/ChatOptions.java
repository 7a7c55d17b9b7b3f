package dev.rosetta.cli.chat;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import dev.rosetta.agent.chat.AnswerSchema;
import dev.rosetta.agent.chat.RunLimits;
import dev.rosetta.agent.session.SessionSpec;
import dev.rosetta.cli.option.InputFormat;
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

    @Option(names = "--input-format", paramLabel = "FORMAT", defaultValue = "text",
            converter = OptionConverters.InputFormatValue.class,
            description = "text, or jsonl: messages, answers to questions and interrupts as JSON lines on stdin"
                    + " (with --output-format json; docs/HEADLESS.md).")
    InputFormat inputFormat = InputFormat.TEXT;

    @Option(names = "--stream-deltas", description = "With --output-format json: every piece of text as it streams,"
            + " not a run of text at a time.")
    boolean streamDeltas;

    @Option(names = "--permission-tool", paramLabel = "SERVER.TOOL", description = "An MCP tool that answers the"
            + " permission questions, as Claude Code's --permission-prompt-tool does.")
    String permissionTool;

    @Option(names = "--max-turns", paramLabel = "N", converter = OptionConverters.AtLeastOne.class,
            description = "Replies of the model in this run at most; then it stops (exit code 53).")
    Integer maxTurns;

    @Option(names = "--max-cost", paramLabel = "USD", converter = OptionConverters.DollarsValue.class,
            description = "US dollars this run may spend at most: it stops before a request whose estimate would"
                    + " pass it (exit code 54).")
    BigDecimal maxCost;

    @Option(names = "--output-schema", paramLabel = "FILE", description = "A JSON Schema the final answer must match;"
            + " the answer alone goes to stdout (exit code 56 when it never matches).")
    String outputSchema;

    @Option(names = {"-o", "--output-last-message"}, paramLabel = "FILE",
            description = "Write the model's final answer to FILE.")
    String outputLastMessage;

    @Option(names = "--no-stdin", description = "Do not read stdin, even when it is a pipe.")
    boolean noStdin;

    // Also read by hand in ChatArguments (the fast path): an option added here must be added there.
    @Option(names = "--mcp", paramLabel = "NAME=URL|NAME=COMMAND", description = "An MCP server for this chat:"
            + " NAME=URL (HTTP) or 'NAME=COMMAND ARGS...' (started; words split as a shell would). Repeatable.")
    List<String> mcp = new ArrayList<>();

    public List<String> prompt() {
        return prompt;
    }

    /**
     * What these options ask of the conversation. Calls are confirmed only when someone is there to
     * answer — a user at the terminal ({@code attended}) who did not say -n, or a program (jsonl input,
     * a permission tool) — and -y does not say otherwise.
     */
    public SessionSpec spec(boolean attended) {
        AnswerSchema schema = outputSchema == null ? null : AnswerSchema.read(Path.of(outputSchema));
        return new SessionSpec(resume, name, workspace, model, toolFormat, tools,
                !noConfirm && (answeredByProgram() || attended && !nonInteractive), confine, mcp, List.of(), stream,
                thinking, maxSteps, sandbox, new RunLimits(maxTurns, maxCost), schema);
    }

    /** Whether a program answers the questions: it writes JSON lines, or a permission tool decides. */
    boolean answeredByProgram() {
        return inputFormat == InputFormat.JSONL || permissionTool != null;
    }

    boolean jsonlInput() {
        return inputFormat == InputFormat.JSONL;
    }

    boolean streamDeltas() {
        return streamDeltas;
    }

    String permissionTool() {
        return permissionTool;
    }

    /** {@code --output-schema} or {@code -o}: the final answer is the run's product. */
    boolean answerIsOutput() {
        return outputSchema != null;
    }

    String outputLastMessage() {
        return outputLastMessage;
    }

    boolean noStdin() {
        return noStdin;
    }

    /** Whether the plain line prompt was asked for (--ui line). */
    boolean lineUi() {
        return ui == UiMode.LINE;
    }

    boolean json() {
        return outputFormat == OutputFormat.JSON;
    }
}
