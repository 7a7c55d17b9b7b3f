package dev.rosetta.agent.session;

/**
 * Something a front end sent the conversation, as the host took it.
 *
 * @param id   given when it was submitted ({@link SessionHost#submit}), rising
 * @param text what was sent
 * @param kind what it is
 */
public record Input(long id, String text, Kind kind) {

    public enum Kind {
        /** A message for the model: a turn. */
        MESSAGE,
        /** A slash command the host carries out ({@code /model}, {@code /undo}, …; {@code /impersonate} runs a turn). */
        COMMAND,
        /** A command of the prompt the user typed it at ({@code /exit}, {@code /clear}): the host only keeps its place in line. */
        PROMPT
    }

    /** Whether this input runs the model (a message, or {@code /impersonate}). */
    public boolean runsModel() {
        return kind == Kind.MESSAGE || (kind == Kind.COMMAND && SlashCommands.name(text).equals("/impersonate"));
    }
}
