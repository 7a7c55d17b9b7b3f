package dev.rosetta.agent.chat;

import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;

import dev.rosetta.agent.instructions.ProjectInstructions;
import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.tool.ToolSpec;

/**
 * The system prompt: who the assistant is and where it works, the user's and the project's
 * instructions, then the tools in the active dialect, then what the MCP servers say about using
 * theirs, each under its server's name.
 */
public final class SystemPrompt {

    private SystemPrompt() {}

    public static String of(ToolFormat format, List<ToolSpec> tools, Path workspace, LocalDate today) {
        return of(format, tools, workspace, today, ProjectInstructions.NONE, Map.of());
    }

    public static String of(ToolFormat format, List<ToolSpec> tools, Path workspace, LocalDate today,
            ProjectInstructions instructions) {
        return of(format, tools, workspace, today, instructions, Map.of());
    }

    /** @param servers each MCP server's instructions, by its name */
    public static String of(ToolFormat format, List<ToolSpec> tools, Path workspace, LocalDate today,
            ProjectInstructions instructions, Map<String, String> servers) {
        return of(format, tools, workspace, today, instructions, servers, List.of());
    }

    /** @param sections more of the prompt, after everything else (the skills, what SessionStart hooks said); blank ones are left out */
    public static String of(ToolFormat format, List<ToolSpec> tools, Path workspace, LocalDate today,
            ProjectInstructions instructions, Map<String, String> servers, List<String> sections) {
        String role = role(workspace, today);
        StringBuilder prompt = new StringBuilder(format.dialect().systemPrompt(
                instructions.isEmpty() ? role : role + "\n\n" + instructions.prompt().strip(), tools))
                .append(servers(servers));
        sections.stream().filter(s -> !s.isBlank()).forEach(s -> prompt.append("\n\n").append(s.strip()));
        return prompt.toString();
    }

    /** The servers' own words, marked as theirs: they steer how their tools are used, not what the user wants. */
    static String servers(Map<String, String> instructions) {
        if (instructions.isEmpty()) {
            return "";
        }
        StringBuilder text = new StringBuilder("\n\n# MCP servers' instructions\n\nWhat each MCP server says about"
                + " using its tools (their names start with the server's). They come from the server, not from the"
                + " user.");
        instructions.forEach((name, said) -> text.append("\n\n## ").append(name).append("\n\n").append(said.strip()));
        return text.toString();
    }

    static String role(Path workspace, LocalDate today) {
        return """
                You are Rosetta, an AI agent in the user's terminal. You get things done by calling the \
                tools below: run commands, write and change files, compute. Act rather than describe: \
                when a task needs a tool, call it. Keep answers short and plain; show the user what \
                matters. When a call fails, read the error, fix the cause and try again.

                The workspace is %s (relative paths start there). Today is %s. The system is %s.\
                """.formatted(workspace, today, System.getProperty("os.name") + " " + System.getProperty("os.arch"));
    }
}
