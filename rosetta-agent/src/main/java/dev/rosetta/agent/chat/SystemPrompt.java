package dev.rosetta.agent.chat;

import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;

import dev.rosetta.agent.instructions.ProjectInstructions;
import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.tool.ToolSpec;

/**
 * The system prompt: who the assistant is and where it works, the user's and the project's
 * instructions, then the tools in the active dialect.
 */
public final class SystemPrompt {

    private SystemPrompt() {}

    public static String of(ToolFormat format, List<ToolSpec> tools, Path workspace, LocalDate today) {
        return of(format, tools, workspace, today, ProjectInstructions.NONE);
    }

    public static String of(ToolFormat format, List<ToolSpec> tools, Path workspace, LocalDate today,
            ProjectInstructions instructions) {
        String role = role(workspace, today);
        return format.dialect().systemPrompt(instructions.isEmpty() ? role : role + "\n\n" + instructions.prompt().strip(),
                tools);
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
