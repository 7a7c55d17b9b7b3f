package dev.rosetta.agent.session;

import java.util.List;

import dev.rosetta.agent.hooks.HookEntry;
import dev.rosetta.agent.hooks.Hooks;
import dev.rosetta.core.RosettaException;

/**
 * {@code /hooks}: the hooks of the conversation, each with its event, matcher, command and file, and a
 * project's that wait for approval; {@code /hooks approve} lets those run, from now on and in the
 * project's later conversations.
 */
final class HooksSlash {

    private HooksSlash() {}

    static void run(Hooks hooks, String arg, CommandIo out) {
        if (arg.equals("approve")) {
            if (hooks.pending().isEmpty()) {
                out.line("no hooks wait for approval");
                return;
            }
            int count = hooks.pending().size();
            hooks.approve();
            out.line("hooks: approved " + count + (count == 1 ? " hook" : " hooks") + " of the project; they run from"
                    + " now on");
            return;
        }
        if (!arg.isEmpty()) {
            throw new RosettaException("usage: /hooks, or /hooks approve");
        }
        if (hooks.entries().isEmpty() && hooks.pending().isEmpty()) {
            out.line("no hooks: add [[hooks]] to your config.toml or a project's rosetta.toml (docs/CONFIG.md, Hooks)");
            return;
        }
        list(hooks.entries(), "", out);
        list(hooks.pending(), "  (not approved: /hooks approve)", out);
    }

    private static void list(List<HookEntry> entries, String note, CommandIo out) {
        for (HookEntry e : entries) {
            out.line(oneLine(e.describe()) + "  · " + e.source() + (e.timeout().equals(e.event().defaultTimeout()) ? ""
                    : " · timeout " + e.timeout().toSeconds() + " s") + note);
        }
    }

    private static String oneLine(String text) {
        return text.replace('\r', ' ').replace('\n', ' ');
    }
}
