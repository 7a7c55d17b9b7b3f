package dev.rosetta.agent.undo;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import dev.rosetta.agent.log.ConversationLog;
import dev.rosetta.agent.log.FileCheckpoint;
import dev.rosetta.agent.log.LoggedMessage;
import dev.rosetta.core.message.Role;
import dev.rosetta.core.tool.BuiltinTools;
import dev.rosetta.core.tool.ToolUse;
import dev.rosetta.tools.files.AtomicFile;
import dev.rosetta.tools.files.UnifiedDiff;

/**
 * Takes back the end of a conversation: its messages from one turn on (an undo line in the log)
 * and, when the user agrees, the changes their calls made to files, each file put back as it was
 * before the first of those calls wrote it. It is planned first, so the user sees every diff
 * before anything changes; a file changed since by something other than this conversation is
 * marked, so it is never overwritten without saying so. What shell commands and interpreters
 * changed cannot be known, so it is not undone — the plan names those calls.
 */
public final class Rewind {

    /** The tools whose effects are not checkpointed: they run code, which may change anything. */
    static final List<String> UNTRACKED = List.of(BuiltinTools.SHELL.name(), BuiltinTools.IPYTHON.name(),
            BuiltinTools.JSHELL.name());

    private Rewind() {}

    /**
     * A file to put back.
     *
     * @param path             the file
     * @param bytes            what it held before, or null when it did not exist (it is deleted)
     * @param changedElsewhere whether it changed since this conversation last wrote it
     * @param diff             from what it holds now to what it will hold, for the user
     * @param createdFolder    the outermost folder made for it when it was created, or null: removed
     *                         with it, as far as the folders are empty
     */
    public record FileRestore(Path path, byte[] bytes, boolean changedElsewhere, String diff, Path createdFolder) {}

    /**
     * @param cut           messages from this one on are taken back
     * @param messages      how many
     * @param restores      the files to put back
     * @param cannotRestore files written whose earlier bytes were not kept, with why
     * @param untracked     the calls whose effects are not undone ("2 shell commands"), or empty
     */
    public record Plan(int cut, int messages, List<FileRestore> restores, List<String> cannotRestore,
            List<String> untracked) {

        public boolean changesFiles() {
            return !restores.isEmpty();
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

    public static Plan plan(ConversationLog log, FileCheckpoints store, int cut, Path workspace) {
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
            String now = currentHash(path);
            if (Objects.equals(now, first.before())) {
                continue; // as it was already
            }
            Optional<byte[]> before = first.created() ? Optional.empty() : store.bytes(first.before());
            if (!first.created() && !first.kept()) {
                cannot.add(shown(path, workspace) + " (it was too large to keep, or could not be read)");
            } else if (!first.created() && before.isEmpty()) {
                cannot.add(shown(path, workspace) + " (its kept copy is gone from the checkpoints folder)");
            } else {
                byte[] bytes = before.orElse(null);
                boolean elsewhere = !Objects.equals(now, e.getValue().getLast().after());
                restores.add(new FileRestore(path, bytes, elsewhere, diff(path, bytes, workspace),
                        first.created() ? first.createdFolder() : null));
            }
        }
        return new Plan(cut, messages.size() - Math.min(cut, messages.size()), restores, cannot,
                untracked(messages.subList(Math.min(cut, messages.size()), messages.size())));
    }

    private static String currentHash(Path path) {
        try {
            return FileCheckpoints.hash(path);
        } catch (IOException e) {
            return "unreadable"; // never a checkpoint's hash: the file counts as changed
        }
    }

    private static String diff(Path path, byte[] before, Path workspace) {
        String label = shown(path, workspace);
        byte[] current;
        try {
            current = Files.exists(path) ? Files.readAllBytes(path) : null;
        } catch (IOException e) {
            current = null;
        }
        String now = current == null ? "" : text(current);
        String then = before == null ? "" : text(before);
        if (now == null || then == null) {
            return "Binary file " + label + " is put back (" + size(before) + ", now " + size(current) + ")\n";
        }
        return UnifiedDiff.of(now, then, current == null ? "/dev/null" : "a/" + label,
                before == null ? "/dev/null" : "b/" + label);
    }

    private static String size(byte[] bytes) {
        return bytes == null ? "no file" : String.format(Locale.ROOT, "%,d bytes", bytes.length);
    }

    /** The bytes as text, or null when they are not UTF-8 or hold a NUL (a binary file). */
    private static String text(byte[] bytes) {
        try {
            String text = StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString();
            return text.indexOf('\0') >= 0 ? null : text;
        } catch (CharacterCodingException e) {
            return null;
        }
    }

    static String shown(Path path, Path workspace) {
        return workspace != null && path.startsWith(workspace) ? workspace.relativize(path).toString() : path.toString();
    }

    private static List<String> untracked(List<LoggedMessage> undone) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        for (LoggedMessage m : undone) {
            for (ToolUse use : m.message().calls()) {
                if (UNTRACKED.contains(use.tool())) {
                    counts.merge(use.tool(), 1, Integer::sum);
                }
            }
        }
        List<String> out = new ArrayList<>();
        counts.forEach((tool, n) -> out.add(n + " " + tool + (n == 1 ? " call" : " calls")));
        return out;
    }

    /**
     * Takes the messages back and, when {@code restoreFiles}, puts the files back first; returns
     * the files that could not be put back, with why. The undo line is written even then: the
     * user asked for the turns to go, and is told which files stayed.
     */
    public static List<String> apply(ConversationLog log, Plan plan, boolean restoreFiles, Path workspace) {
        List<String> failed = new ArrayList<>();
        if (restoreFiles) {
            List<FileRestore> deleted = new ArrayList<>();
            for (FileRestore r : plan.restores()) {
                try {
                    if (r.bytes() == null) {
                        Files.deleteIfExists(r.path());
                        deleted.add(r);
                    } else {
                        Files.createDirectories(r.path().getParent());
                        AtomicFile.replace(r.path(), r.bytes());
                    }
                } catch (IOException e) {
                    failed.add(shown(r.path(), workspace) + ": " + e.getMessage());
                }
            }
            deleted.forEach(r -> removeEmptyFolders(r.path().getParent(), r.createdFolder()));
        }
        log.undo(plan.messages());
        return failed;
    }

    /**
     * Removes {@code folder} and its parents up to {@code outermost}, the folders a write made for
     * a new file, as long as each is empty: what else was put there since stays, with its folders.
     * Called once every file is put back, as another new file of the plan may be in the same folder.
     */
    private static void removeEmptyFolders(Path folder, Path outermost) {
        if (outermost == null) {
            return;
        }
        for (Path f = folder; f != null && f.startsWith(outermost); f = f.getParent()) {
            try {
                Files.deleteIfExists(f);
            } catch (IOException e) {
                return; // not empty (or not ours to remove): it and its parents stay
            }
        }
    }
}
