package dev.rosetta.agent.undo;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

import dev.rosetta.tools.files.UnifiedDiff;
import dev.rosetta.tools.files.Workspace;

/**
 * What putting a file back changes, for the user: the unified diff from what it holds now to what
 * it held before, with its counts of lines, when both are text of at most {@link
 * Rewind#MAX_DIFF_BYTES}; else one line saying what is put back (a binary file, a large one, one
 * that cannot be read now). Never reads more of the file than that limit. What the file holds now is
 * what the tools see: its holder's text (an editor's buffer) when there is one.
 *
 * @param text the diff, or the line
 * @param stat lines added and removed, or null when there is no line diff
 * @param note what the change is, in a few words, when there is no line diff ("binary, 4,096
 *             bytes now"); null when there is one
 */
record FileDiff(String text, UnifiedDiff.Stat stat, String note) {

    /** @param through the workspace the tools read through, or null: the disk */
    static FileDiff of(Path path, FileNow now, byte[] before, String shown, Workspace through) {
        byte[] current;
        switch (now) {
            case FileNow.Missing m -> current = null;
            case FileNow.Regular r when r.size() > Rewind.MAX_DIFF_BYTES -> {
                return described("Large file " + shown + " is put back (" + size(before) + ", now " + bytes(r.size())
                        + ")", "large: " + bytes(r.size()) + " now, " + size(before) + " before");
            }
            case FileNow.Regular r -> {
                current = through == null ? readAtMost(path, Rewind.MAX_DIFF_BYTES)
                        : through.heldBytes(path).orElseGet(() -> readAtMost(path, Rewind.MAX_DIFF_BYTES));
                if (current == null) {
                    return described("File " + shown + " is put back (" + size(before) + "; it changed while being read,"
                            + " so no diff is shown)", "it changed while being read");
                }
            }
            case FileNow.Unreadable u -> {
                return described("File " + shown + " is put back (" + size(before) + "; it cannot be read now: "
                        + u.why() + ")", "cannot be read now: " + u.why());
            }
            case FileNow.Folder f -> {
                return described("Folder " + shown + ", which the calls made, is removed (if nothing else is in it)",
                        "a folder the calls made");
            }
            case FileNow.Special s -> {
                return described(shown + " is put back (" + size(before) + ")", s.what());
            }
        }
        String nowText = current == null ? "" : text(current);
        String thenText = before == null ? "" : text(before);
        if (nowText == null || thenText == null) {
            return described("Binary file " + shown + " is put back (" + size(before) + ", now " + size(current) + ")",
                    "binary: " + size(current) + " now, " + size(before) + " before");
        }
        String diff = UnifiedDiff.of(nowText, thenText, current == null ? "/dev/null" : "a/" + shown,
                before == null ? "/dev/null" : "b/" + shown);
        return new FileDiff(diff, UnifiedDiff.stat(nowText, thenText), null);
    }

    private static FileDiff described(String line, String note) {
        return new FileDiff(line + "\n", null, note);
    }

    /** The file's bytes, or null when it holds more than {@code limit} or cannot be read. */
    private static byte[] readAtMost(Path path, long limit) {
        try (InputStream in = Files.newInputStream(path)) {
            byte[] bytes = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, limit + 1));
            return bytes.length > limit ? null : bytes;
        } catch (IOException e) {
            return null;
        }
    }

    private static String size(byte[] bytes) {
        return bytes == null ? "no file" : bytes(bytes.length);
    }

    private static String bytes(long n) {
        return String.format(Locale.ROOT, "%,d bytes", n);
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
}
