package dev.rosetta.agent.session;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.rosetta.agent.log.ConversationLog;
import dev.rosetta.agent.log.LoggedMessage;
import dev.rosetta.agent.undo.DiffPages;
import dev.rosetta.agent.undo.FileCheckpoints;
import dev.rosetta.agent.undo.Rewind;
import dev.rosetta.core.RosettaException;
import dev.rosetta.core.size.ByteSize;
import dev.rosetta.tools.files.Workspace;

/**
 * {@code /undo [N]} and {@code /rewind [N]}: take back turns and, after saying what putting the
 * files back does (a line a file; the diffs when they fit a page, else a page at a time on request)
 * and asking, the file changes those turns made. A file changed since by something else is marked
 * before the question; what shell calls changed is said not to be undone.
 */
final class RewindCommand {

    /** More than this to read, and the user is told what the wait is for. */
    private static final long LONG_READ = 256L << 20;
    private static final Question.Option YES = new Question.Option("y", "put the files back");
    private static final Question.Option NO = new Question.Option("n", "take the turns back, leave the files as they are");
    /** No answer at all, like c, takes nothing back. */
    private static final Question.Option CANCEL = new Question.Option("c", "cancel: take nothing back");

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
        long reading = Rewind.bytesToCompare(log, cut);
        if (reading > LONG_READ) {
            out.line("comparing the files with what the turns wrote (" + ByteSize.of(reading) + " to read; Ctrl-C"
                    + " stops)");
        }
        Rewind.Plan plan;
        try {
            plan = chat.loop().interruptibly(() -> Rewind.plan(log, store, cut, workspace));
        } catch (InterruptedException e) {
            out.line("nothing taken back: interrupted while comparing the files with what the turns wrote");
            return;
        }
        if (plan.messages() == 0) {
            out.line("nothing to undo");
            return;
        }
        boolean restore = false;
        if (plan.changesFiles()) {
            String a = ask(plan);
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

    /**
     * Shows what putting the files back does — a line a file, and the diffs when they fit one
     * page — and asks; the diffs of a larger undo are shown a page at a time, on [d]. Returns the
     * answer, "c" when there is none.
     */
    private String ask(Rewind.Plan plan) {
        int n = plan.restores().size();
        out.line(files(n) + " to put back (+" + plan.added() + " -" + plan.removed() + " lines):");
        plan.summary().forEach(line -> out.strong("  " + line));
        // A file put back by deleting it is said in its line; the diffs are of the files that stay.
        DiffPages pages = new DiffPages(plan.restores().stream().filter(r -> !r.deletes()).toList());
        if (pages.total() <= DiffPages.PAGE_LINES) {
            showPage(pages);
        }
        while (true) {
            List<Question.Option> options = new ArrayList<>(List.of(YES, NO));
            String more = "";
            if (pages.hasNext()) {
                String lines = String.format(Locale.ROOT, "%,d of %,d lines", pages.shown(), pages.total());
                more = " / [d]iffs (" + (pages.shown() == 0 ? "" : "more, after ") + lines + ")";
                options.add(new Question.Option("d", "show the diffs' next page (" + lines + " shown)"));
            }
            options.add(CANCEL);
            String answer = out.choose("Put " + files(n) + " back as " + (n == 1 ? "it was" : "they were")
                    + "? [y]es / [n]o, leave the files" + more + " / [c]ancel ", options);
            String a = answer == null ? "c" : answer.strip().toLowerCase(Locale.ROOT);
            if (!a.startsWith("d")) {
                return a;
            }
            if (pages.hasNext()) {
                showPage(pages);
            }
        }
    }

    /** The next page of diffs; all of them when they fit one. */
    private void showPage(DiffPages pages) {
        while (pages.hasNext()) {
            pages.next().forEach(out::change);
            if (pages.total() > DiffPages.PAGE_LINES) {
                out.line("(" + pages.position() + ")");
                return;
            }
        }
    }

    private static String files(int n) {
        return n == 1 ? "1 file" : n + " files";
    }
}
