package dev.rosetta.agent.undo;

import java.io.IOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import dev.rosetta.agent.log.ConversationLog;
import dev.rosetta.agent.log.FileCheckpoint;
import dev.rosetta.agent.log.LoggedMessage;
import dev.rosetta.core.message.Role;
import dev.rosetta.core.tool.BuiltinTools;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.core.tool.ToolUse;
import dev.rosetta.tools.files.UnifiedDiff;
import dev.rosetta.tools.files.Workspace;

/**
 * Takes back the end of a conversation: its messages from one turn on (an undo line in the log)
 * and, when the user agrees, the changes their calls made to files, each file put back as it was
 * before the first of those calls wrote it. It is planned first, so the user sees what would
 * change (a summary, and each diff on request) before anything does; a file changed since by
 * something other than this conversation is marked, so it is never overwritten without saying
 * so. Planning reads no file whole: what a file holds now is compared by size and hash, a
 * buffer at a time, and only files up to {@link #MAX_DIFF_BYTES} are read for a diff; a FIFO,
 * a device or a socket is never opened, and is not written over. What shell commands and
 * interpreters changed cannot be known, so it is not undone — the plan names those calls; an
 * MCP tool's call is undone for the files its arguments named.
 */
public final class Rewind {

    /** The tools whose effects are not checkpointed: they run code, which may change anything. */
    static final List<String> UNTRACKED = List.of(BuiltinTools.SHELL.name(), BuiltinTools.IPYTHON.name(),
            BuiltinTools.JSHELL.name());

    /** A file larger than this, now or before, gets a line saying so instead of a diff. */
    public static final long MAX_DIFF_BYTES = FileCheckpoints.MAX_FILE_BYTES;

    private Rewind() {}

    /**
     * A file to put back.
     *
     * @param path             the file
     * @param bytes            what it held before, or null when it did not exist (it is deleted)
     * @param changedElsewhere whether it changed since this conversation last wrote it
     * @param unfinished       whether Rosetta stopped while a call was writing it (its checkpoint is
     *                         pending): what it holds now may be that call's doing or another's
     * @param diff             from what it holds now to what it will hold, for the user; for a binary
     *                         or large file, one line saying what is put back
     * @param stat             lines added and removed by putting it back, or null when there is no
     *                         line diff (a binary or large file)
     * @param note             what the change is in a few words when there is no line diff, else null
     * @param shown            the path as the user knows it (relative to the workspace inside it)
     * @param createdFolder    the outermost folder made for it when it was created, or null: removed
     *                         with it, as far as the folders are empty
     */
    public record FileRestore(Path path, byte[] bytes, boolean changedElsewhere, boolean unfinished, String diff,
            UnifiedDiff.Stat stat, String note, String shown, Path createdFolder) {

        /** Whether putting it back deletes it (the calls created it). */
        public boolean deletes() {
            return bytes == null;
        }
    }

    /**
     * @param cut           messages from this one on are taken back
     * @param messages      how many
     * @param restores      the files to put back
     * @param cannotRestore files written that cannot be put back, with why
     * @param untracked     the calls whose effects are not undone ("2 shell calls"), or empty
     */
    public record Plan(int cut, int messages, List<FileRestore> restores, List<String> cannotRestore,
            List<String> untracked) {

        public boolean changesFiles() {
            return !restores.isEmpty();
        }

        /** Lines added, over the files that have a line diff. */
        public int added() {
            return restores.stream().filter(r -> r.stat() != null).mapToInt(r -> r.stat().added()).sum();
        }

        /** Lines removed, over the files that have a line diff. */
        public int removed() {
            return restores.stream().filter(r -> r.stat() != null).mapToInt(r -> r.stat().removed()).sum();
        }

        /**
         * What putting the files back does, a line a file: {@code change src/App.java +12 -3},
         * {@code delete notes.txt}, with a line's mark where it changed since or Rosetta stopped
         * while writing it. The diffs are there on request ({@link DiffPages}), never all at once.
         */
        public List<String> summary() {
            List<String> lines = new ArrayList<>();
            int width = restores.stream().mapToInt(r -> r.shown().length()).max().orElse(0);
            for (FileRestore r : restores) {
                String what = r.stat() != null ? "+" + r.stat().added() + " -" + r.stat().removed() : r.note();
                StringBuilder line = new StringBuilder(r.deletes() ? "delete " : "change ")
                        .append(r.shown()).append(" ".repeat(Math.max(1, width - r.shown().length() + 2))).append(what);
                if (r.changedElsewhere()) {
                    line.append("  ⚠ changed since this conversation last wrote it: putting it back undoes that too");
                }
                if (r.unfinished()) {
                    line.append("  ⚠ Rosetta stopped while a call was writing it: what it holds now may be that"
                            + " call's doing or another program's");
                }
                lines.add(line.toString());
            }
            return lines;
        }
    }

    /** A turn: where it starts, and the user's message that started it. */
    public record Turn(int index, LoggedMessage message) {}

    /** The turns, oldest first: each starts at a user message. */
    public static List<Turn> turns(List<LoggedMessage> messages) {
        List<Turn> turns = new ArrayList<>();
        for (int i = 0; i < messages.size(); i++) {
            if (messages.get(i).message().role() == Role.USER) {
                turns.add(new Turn(i, messages.get(i)));
            }
        }
        return turns;
    }

    /**
     * Where taking back the last {@code turns} turns cuts: at the {@code turns}-th last user
     * message, so that no call loses its result; 0 when there are fewer turns than that.
     */
    public static int cutForLast(List<LoggedMessage> messages, int turns) {
        List<Turn> all = turns(messages);
        return all.size() < turns ? 0 : all.get(all.size() - turns).index();
    }

    /**
     * How many bytes planning the undo from {@code cut} reads to compare the files with what the
     * calls wrote (their sizes now, regular files only): a front end says so before a long wait.
     */
    public static long bytesToCompare(ConversationLog log, int cut) {
        return log.checkpoints().stream().filter(c -> c.undoneBy(cut)).map(FileCheckpoint::path).distinct()
                .mapToLong(path -> {
                    try {
                        return Files.isRegularFile(path) ? Files.size(path) : 0;
                    } catch (IOException e) {
                        return 0;
                    }
                }).sum();
    }

    /**
     * What taking back the messages from {@code cut} on would put back.
     *
     * @throws InterruptedException when the thread is interrupted while a large file is hashed
     */
    public static Plan plan(ConversationLog log, FileCheckpoints store, int cut, Workspace workspace)
            throws InterruptedException {
        List<LoggedMessage> messages = log.messages();
        Map<Path, List<FileCheckpoint>> byFile = new LinkedHashMap<>();
        for (FileCheckpoint c : log.checkpoints()) {
            if (c.undoneBy(cut)) {
                byFile.computeIfAbsent(c.path(), p -> new ArrayList<>()).add(c);
            }
        }
        List<FileRestore> restores = new ArrayList<>();
        List<String> cannot = new ArrayList<>();
        for (var e : byFile.entrySet()) {
            Path path = e.getKey();
            FileCheckpoint first = e.getValue().getFirst();
            FileCheckpoint last = e.getValue().getLast();
            FileNow now = FileNow.of(path, workspace);
            if (Objects.equals(now.hash(), first.before())) {
                continue; // as it was already
            }
            String shown = workspace.show(path);
            Optional<byte[]> before = first.created() ? Optional.empty() : store.bytes(first.before());
            switch (now) {
                case FileNow.Special special -> cannot.add(shown + " (it is now " + special.what() + ", not a file:"
                        + " /undo does not write into it; remove it and /undo again to put the file back)");
                case FileNow.Folder folder when !first.created() -> cannot.add(shown + " (it is now a folder; move it"
                        + " away and /undo again to put the file back)");
                default -> {
                    if (!first.created() && !first.kept()) {
                        cannot.add(shown + (first.before().equals(new FileNow.Folder().hash())
                                ? " (it was a folder: /undo puts back files, not folders)"
                                : " (it was too large to keep, or could not be read)"));
                    } else if (!first.created() && before.isEmpty()) {
                        cannot.add(shown + " (its kept copy is gone from the checkpoints folder)");
                    } else {
                        restores.add(restore(path, now, before.orElse(null), first, last, shown, workspace));
                    }
                }
            }
        }
        return new Plan(cut, messages.size() - Math.min(cut, messages.size()), restores, cannot,
                untracked(messages.subList(Math.min(cut, messages.size()), messages.size())));
    }

    private static FileRestore restore(Path path, FileNow now, byte[] bytes, FileCheckpoint first,
            FileCheckpoint last, String shown, Workspace workspace) {
        // A pending last write: if the file is as it was just before it, that write never happened.
        boolean unfinished = last.pending() && !Objects.equals(now.hash(), last.before());
        boolean elsewhere = !last.pending() && !Objects.equals(now.hash(), last.after());
        FileDiff diff = FileDiff.of(path, now, bytes, shown, workspace);
        return new FileRestore(path, bytes, elsewhere, unfinished, diff.text(), diff.stat(), diff.note(), shown,
                first.created() ? first.createdFolder() : null);
    }

    private static List<String> untracked(List<LoggedMessage> undone) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        int others = 0;
        for (LoggedMessage m : undone) {
            for (ToolUse use : m.message().calls()) {
                if (UNTRACKED.contains(use.tool())) {
                    counts.merge(use.tool(), 1, Integer::sum);
                } else if (!BUILTIN.contains(use.tool())) {
                    others++;
                }
            }
        }
        List<String> out = new ArrayList<>();
        counts.forEach((tool, n) -> out.add(n + " " + tool + (n == 1 ? " call" : " calls")));
        if (others > 0) {
            out.add(others + (others == 1 ? " MCP call" : " MCP calls") + " (beyond the files named in "
                    + (others == 1 ? "its" : "their") + " arguments)");
        }
        return out;
    }

    private static final List<String> BUILTIN = BuiltinTools.ALL.stream().map(ToolSpec::name).toList();

    /**
     * Takes the messages back and, when {@code restoreFiles}, puts the files back first; returns
     * the files that could not be put back, with why. The undo line is written even then: the
     * user asked for the turns to go, and is told which files stayed.
     */
    public static List<String> apply(ConversationLog log, Plan plan, boolean restoreFiles, Workspace workspace) {
        List<String> failed = new ArrayList<>();
        if (restoreFiles) {
            List<FileRestore> deleted = new ArrayList<>();
            // Files first, then what the calls created, deepest first: a folder a call made is
            // removed once the files made in it are.
            List<FileRestore> order = new ArrayList<>(plan.restores());
            order.sort(Comparator.comparing((FileRestore r) -> r.deletes()).thenComparing(
                    r -> r.deletes() ? -r.path().getNameCount() : 0));
            for (FileRestore r : order) {
                try {
                    if (r.deletes()) {
                        workspace.delete(r.path());
                        deleted.add(r);
                    } else {
                        workspace.makeFolders(r.path().getParent());
                        workspace.replace(r.path(), r.bytes());
                    }
                } catch (IOException e) {
                    failed.add(workspace.show(r.path()) + ": " + reason(e));
                }
            }
            deleted.stream().filter(r -> r.createdFolder() != null)
                    .forEach(r -> workspace.removeEmptyFolders(r.path().getParent(), r.createdFolder()));
        }
        log.undo(plan.messages());
        return failed;
    }

    private static String reason(IOException e) {
        if (e instanceof DirectoryNotEmptyException) {
            return "it is a folder the calls made, and something else is in it now; it stays";
        }
        String why = e instanceof FileSystemException f && f.getReason() != null ? f.getReason() : e.getMessage();
        return why == null ? e.getClass().getSimpleName() : why;
    }
}
