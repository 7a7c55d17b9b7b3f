package dev.rosetta.agent.context;

/**
 * What the model is asked when the oldest part of a conversation is summarised. The summary
 * replaces those messages in every later request, so the agent must be able to go on from it
 * alone: the prompt asks for the things compactions are known to lose — the user's instructions
 * (the early ones too), decisions and what was tried, exact paths and names, open tasks — in
 * fixed sections, and forbids the two ways a model goes wrong here: inventing, and carrying on
 * with the conversation instead of summarising it. The user's own messages are not left to the
 * summary: Rosetta quotes them word for word beside it ({@link SummaryMessage}).
 */
public final class SummaryPrompt {

    /** Starts every summarising request's system prompt: how a fake model in a test knows one. */
    public static final String MARKER = "You are summarising the earlier part of a conversation";

    private SummaryPrompt() {}

    /** The system prompt; {@code keep} is what the user asked to keep in particular ({@code /compact …}), or blank. */
    public static String system(String keep) {
        String prompt = MARKER + """
                 between a user and Rosetta, an AI agent that works in the user's terminal by calling \
                tools (shell commands, file edits, code). Your summary replaces that part of the \
                conversation in the agent's context: the agent must be able to continue the work from \
                your summary alone, without the original messages.

                Write the summary in Markdown, in these sections, in this order:

                ## Instructions
                Every request, constraint and preference the user stated, also the earliest ones, in the \
                user's own words where they are short. Say which ones were later changed or withdrawn.

                ## Decisions
                What was decided and why; approaches that were tried and abandoned, and why they failed, \
                so that they are not tried again.

                ## Files
                Every file that was created, changed, deleted or read for a reason: its exact path, and one \
                line on what it holds or what changed. Keep exact commands, names, versions, numbers and \
                error messages.

                ## State
                Where the work stands: what is done and checked, what is done but not checked, what is \
                broken.

                ## Open tasks
                What remains to do, in order, including everything the user asked for that is not done yet.

                Rules: be specific and complete rather than short. Never add anything that is not in the \
                transcript. Leave out greetings, and tool output that no longer matters. Do not call tools, \
                do not answer the user and do not continue the conversation: write only the summary.""";
        if (keep != null && !keep.isBlank()) {
            prompt += "\n\nThe user asks that the summary keep in particular: " + keep.strip();
        }
        return prompt;
    }

    /**
     * The request's one user message: the transcript of the part to summarise, after the summary
     * of what came before it when there is one (a long part is summarised in pieces, oldest first).
     */
    public static String user(String earlierSummary, String transcript) {
        StringBuilder text = new StringBuilder();
        if (earlierSummary != null && !earlierSummary.isBlank()) {
            text.append("The summary of the conversation before this part:\n\n<earlier-summary>\n")
                    .append(earlierSummary.strip()).append("\n</earlier-summary>\n\n")
                    .append("Fold it into your summary: keep what still matters from it.\n\n");
        }
        return text.append("The part of the conversation to summarise, oldest first:\n\n<transcript>\n")
                .append(transcript.strip()).append("\n</transcript>\n\nWrite the summary now.").toString();
    }
}
