package dev.rosetta.agent.session;

import java.util.List;

import dev.rosetta.core.tool.ToolUse;
import dev.rosetta.tools.Preview;
import dev.rosetta.tools.mcp.McpForm;
import dev.rosetta.tools.permission.PermissionRule;

/**
 * Something the conversation waits on the user for. It has an id unique in its session; any front
 * end attached may answer it ({@link SessionHost#answer}), the first answer wins, and every front end
 * sees which one won ({@link SessionEvent.QuestionAnswered}).
 */
public sealed interface Question {

    /** Unique within the session ({@code q1}, {@code q2}, …): what an answer names. */
    String id();

    /**
     * May this call run? Answered with {@link Answer.Decided}; {@link Answer.Stop} stops the turn.
     *
     * @param preview  what the call will do, as its tool describes it (the command, the file change); may be
     *                 null. A front end shows {@code preview.marked()}: every character that draws nothing as a
     *                 mark, as the terminals show it; an edit starts from the preview itself
     * @param remember the rules "always" may remember (narrowest first); empty: "always" is yes to every later call
     */
    record Permission(String id, ToolUse use, Preview preview, List<PermissionRule> remember) implements Question {
        public Permission {
            remember = List.copyOf(remember);
        }
    }

    /** An MCP server's form (elicitation). Answered with {@link Answer.Filled}; anything else cancels it. */
    record Form(String id, McpForm form) implements Question {}

    /**
     * A slash command's question, answered with a line of text ({@link Answer.Text}, whose meaning the
     * command reads): which turn {@code /rewind} goes back to, whether {@code /undo} puts files back.
     *
     * @param prompt  the question, as a terminal asks it ("Go back to before which turn? (1–3, Enter: none) ")
     * @param options the answers it takes, each a word to answer with and what it means; empty for free text
     */
    record Choice(String id, String prompt, List<Option> options) implements Question {
        public Choice {
            options = List.copyOf(options);
        }
    }

    /**
     * The assistant's next message, written by the user ({@code /impersonate} without text): answered
     * with the whole message as {@link Answer.Text}; none writes nothing.
     */
    record Message(String id, String prompt) implements Question {}

    /** One answer a {@link Choice} takes: the text to answer with ({@code y}, {@code 2}) and what it does. */
    record Option(String answer, String label) {}
}
