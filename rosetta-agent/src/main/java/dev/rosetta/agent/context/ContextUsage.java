package dev.rosetta.agent.context;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What fills the context window, in estimated tokens, part by part: for {@code /context}.
 *
 * @param system       the system prompt, without the project instructions
 * @param instructions the project instructions (AGENTS.md …)
 * @param tools        native tool definitions (in the {@code tool} format)
 * @param summary      the summary that stands for the oldest messages
 * @param messages     the user's and the model's messages: text and calls
 * @param toolResults  tool results
 * @param reasoning    reasoning sent back with the model's messages
 * @param budget       the budget they are measured against
 * @param compactions  how many compactions are in force
 */
public record ContextUsage(long system, long instructions, long tools, long summary, long messages,
        long toolResults, long reasoning, ContextBudget budget, int compactions) {

    public long total() {
        return system + instructions + tools + summary + messages + toolResults + reasoning;
    }

    /** The lines {@code /context} prints. */
    public List<String> lines() {
        List<String> out = new ArrayList<>();
        out.add(String.format(Locale.ROOT, "context: ≈%,d of %,d tokens (%s of the window; %,d are kept for the reply)",
                total(), budget.window(), percent(total(), budget.window()), budget.reserve()));
        row(out, "system prompt", system);
        row(out, "instructions", instructions);
        row(out, "tool definitions", tools);
        row(out, "summary", summary);
        row(out, "messages", messages);
        row(out, "tool results", toolResults);
        row(out, "reasoning", reasoning);
        out.add(String.format(Locale.ROOT, "compacts above ≈%,d tokens (%s of the %,d budget), down to ≈%,d%s",
                budget.limit(), percent(budget.limit(), budget.tokens()), budget.tokens(), budget.target(),
                compactions == 0 ? "" : "; " + compactions + (compactions == 1 ? " compaction" : " compactions")
                        + " in force"));
        return out;
    }

    private void row(List<String> out, String name, long tokens) {
        if (tokens > 0) {
            out.add(String.format(Locale.ROOT, "  %-17s %,9d  %6s", name, tokens, percent(tokens, budget.window())));
        }
    }

    private static String percent(long part, long whole) {
        return whole <= 0 ? "–" : String.format(Locale.ROOT, "%.1f%%", 100.0 * part / whole);
    }
}
