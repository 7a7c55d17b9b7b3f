package dev.rosetta.cli.chat;

import java.util.ArrayList;
import java.util.List;

import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** The options of a chat: {@code rosetta [OPTIONS] [PROMPT…]}. */
public final class ChatOptions {

    @Parameters(paramLabel = "PROMPT", arity = "0..*",
            description = "The first message. Piped stdin is added to it as a fenced block.")
    List<String> prompt = new ArrayList<>();

    @Option(names = {"-m", "--model"}, paramLabel = "PROVIDER/MODEL",
            description = "The model, e.g. openai/gpt-4.1, anthropic/claude-sonnet-4-6, or an alias such as sonnet.")
    String model;

    @Option(names = "--tool-format", paramLabel = "FORMAT",
            description = "How the model calls tools: markdown, xml or tool (native function calling).")
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

    @Option(names = {"-t", "--tools"}, paramLabel = "LIST",
            description = "Tools to load: a list (shell,save), or changes to the default (+jshell,-ipython).")
    String tools;

    @Option(names = "--stream", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Stream replies as they are written (default: on).")
    boolean stream = true;

    @Option(names = "--output-format", paramLabel = "FORMAT", defaultValue = "text",
            description = "text, or json: one JSON event per line (messages, calls, results, usage).")
    String outputFormat = "text";

    @Option(names = "--max-steps", paramLabel = "N", description = "Requests per turn at most (default: 50).")
    Integer maxSteps;

    @Option(names = "--confine", description = "File tools refuse paths outside the workspace.")
    boolean confine;

    @Option(names = "--ui", paramLabel = "UI", defaultValue = "inline",
            description = "In a terminal: inline (the terminal UI: folded calls, the transcript on Ctrl-O; the default)"
                    + " or line (the plain line prompt).")
    String ui = "inline";

    public List<String> prompt() {
        return prompt;
    }

    /** Whether the plain line prompt was asked for (--ui line). */
    boolean lineUi() {
        return "line".equals(ui);
    }

    /** Whether --ui names a UI there is. */
    boolean knownUi() {
        return "line".equals(ui) || "inline".equals(ui);
    }

    boolean json() {
        return "json".equalsIgnoreCase(outputFormat);
    }
}
