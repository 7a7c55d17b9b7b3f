package dev.rosetta.agent.session;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.rosetta.agent.log.ConversationLog;
import dev.rosetta.agent.log.LoggedMessage;
import dev.rosetta.agent.undo.FileCheckpoints;
import dev.rosetta.agent.undo.Rewind;
import dev.rosetta.core.RosettaException;
import dev.rosetta.tools.Preview;
import dev.rosetta.tools.files.Workspace;

/**
 * {@code /undo [N]} and {@code /rewind [N]}: take back turns and, after showing the diff of each
 * file they would put back and asking, the file changes those turns made. A file changed since by
 * something else is marked before the question; what shell calls changed is said not to be undone.
 */
final class RewindCommand {

    /** The answers to "put the files back?": no answer at all, like c, takes nothing back. */
    private static final List<Question.Option> PUT_BACK = List.of(new Question.Option("y", "put the files back"),
            new Question.Option("n", "take the turns back, leave the files as they are"),
            new Question.Option("c", "cancel: take nothing back"));

    private final Conversation chat;
    private final CommandIo out;

    RewindCommand(Conversation chat, CommandIo out) {
        this.chat = chat;
        this.out = out;
    }

    /** Takes back the last {@code turns} turns: back to (and including) that user message, so no call loses its result. */
    void undo(int turns) {
        rewindTo(Rewind.cutForLast(chat.session().messages(), turns));
    }

    /** Back to before turn {@code pick} (1 the oldest), or one picked from the list when {@code pick} is -1. */
    void rewind(int pick) {
        List<Rewind.Turn> turns = Rewind.turns(chat.session().messages());
        if (turns.isEmpty()) {
            out.line("nothing to rewind: no turns yet");
            return;
        }
        int turn = pick < 0 ? pickTurn(turns) : pick;
        if (turn < 0) {
            out.line("nothing taken back");
            return;
        }
        if (turn > turns.size()) {
            throw new RosettaException("there " + (turns.size() == 1 ? "is 1 turn" : "are " + turns.size() + " turns")
                    + "; /rewind N goes back to before turn N");
        }
        rewindTo(turns.get(turn - 1).index());
    }

    /** Lists the turns, oldest first, and asks for one; -1 when none is picked. */
    private int pickTurn(List<Rewind.Turn> turns) {
        for (int i = 0; i < turns.size(); i++) {
            out.line(String.format(Locale.ROOT, "%3d  %s", i + 1, preview(turns.get(i).message())));
        }
        List<Question.Option> options = new ArrayList<>();
        for (int i = 0; i < turns.size(); i++) {
            options.add(new Question.Option(String.valueOf(i + 1), preview(turns.get(i).message())));
        }
        String answer = out.choose("Go back to before which turn? (1–" + turns.size() + ", Enter: none) ", options);
        if (answer == null || answer.isBlank()) {
            return -1;
        }
        return SlashCommands.count(answer.strip(), "a turn's number from the list");
    }

    private static String preview(LoggedMessage m) {
        String flat = m.message().content().strip().replaceAll("\\s+", " ");
        return flat.length() > 70 ? flat.substring(0, 69) + "…" : flat;
    }

    /**
     * Takes back every message from {@code cut} on. When their calls changed files, the diffs of
     * putting them back are shown first and the user chooses: put them back, leave them, or keep
     * the turns after all. No answer (Ctrl-C, the input closed, nobody to ask) takes nothing back.
     */
    private void rewindTo(int cut) {
        ConversationLog log = chat.log();
        FileCheckpoints store = chat.session().checkpoints() != null ? chat.session().checkpoints()
                : new FileCheckpoints(log);
        Workspace workspace = Workspace.of(chat.session().toolbox().context());
        Rewind.Plan plan;
        try {
            plan = Rewind.plan(log, store, cut, workspace);
        } catch (InterruptedException e) {
            out.line("nothing taken back: interrupted while comparing the files");
            return;
        }
        if (plan.messages() == 0) {
            out.line("nothing to undo");
            return;
        }
        boolean restore = false;
        if (plan.changesFiles()) {
            showRestores(plan);
            String answer = out.choose("Put " + files(plan.restores().size()) + " back as "
                    + (plan.restores().size() == 1 ? "it was" : "they were")
                    + "? [y]es / [n]o, leave the files / [c]ancel ", PUT_BACK);
            String a = answer == null ? "c" : answer.strip().toLowerCase(Locale.ROOT);
            if (a.startsWith("c")) {
                out.line("nothing taken back");
                return;
            }
            restore = a.startsWith("y");
        }
        plan.cannotRestore().forEach(c -> out.line("cannot put back " + c));
        if (!plan.untracked().isEmpty()) {
            out.line("not undone: whatever " + String.join(" and ", plan.untracked()) + " changed (Rosetta cannot"
                    + " know what a command did)");
        }
        List<String> failed = Rewind.apply(log, plan, restore, workspace);
        failed.forEach(f -> out.line("could not put back " + f));
        int n = plan.messages();
        out.line("took back " + n + " message" + (n == 1 ? "" : "s")
                + (restore ? "; put back " + files(plan.restores().size() - failed.size())
                        : plan.changesFiles() ? "; the files stay as they are" : ""));
    }

    private void showRestores(Rewind.Plan plan) {
        for (Rewind.FileRestore r : plan.restores()) {
            String shown = r.path().startsWith(chat.workspace()) ? chat.workspace().relativize(r.path()).toString()
                    : r.path().toString();
            if (r.changedElsewhere()) {
                out.strong("⚠ " + shown + " changed since this conversation last wrote it: putting it back undoes"
                        + " that change too");
            }
            if (r.bytes() == null) {
                out.strong("delete " + shown);
            } else {
                out.change(new Preview.FileChange(shown, r.diff(), false));
            }
        }
    }

    private static String files(int n) {
        return n == 1 ? "1 file" : n + " files";
    }
}
