package dev.rosetta.agent.chat;

import dev.rosetta.agent.log.LoggedMessage;
import dev.rosetta.core.message.Message;
import dev.rosetta.core.message.Role;
import dev.rosetta.tools.output.OutputLimit;

/**
 * A message as the summarising model reads it: who wrote it, then its text with the calls
 * spelled in markdown. A long tool result is cut to its head and tail: the summary needs what a
 * command did and how it ended, not all it printed.
 */
final class Transcript {

    private static final OutputLimit RESULT = new OutputLimit(4_000, 1_500, 1_500);

    private Transcript() {}

    /**
     * @param logged the message as the log holds it (for its role and result)
     * @param shown  the same message spelled in markdown
     */
    static String of(LoggedMessage logged, Message shown) {
        Message m = logged.message();
        String who = switch (m.role()) {
            case USER -> "[user]";
            case ASSISTANT -> "[assistant]";
            case SYSTEM -> m.isToolResult()
                    ? "[tool result" + (m.isError() ? ", failed" + (m.errorCode() == null ? "" : ": " + m.errorCode().code()) : "") + "]"
                    : "[rosetta]";
        };
        String text = m.isToolResult() ? RESULT.cut(shown.content(), () -> "the whole output is in the log")
                : shown.content();
        return who + "\n" + (m.role() == Role.ASSISTANT && text.isBlank() ? "(no text)" : text.strip());
    }
}
