package dev.rosetta.tools.output;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.function.Supplier;

/**
 * How much tool output the model gets. Longer output keeps its head and its tail (where errors
 * and results usually are), cut at line breaks, and is saved whole to a file the result names.
 *
 * @param maxChars  output up to this many characters passes unchanged
 * @param headChars how much of the start is kept when it is cut
 * @param tailChars how much of the end is kept when it is cut
 */
public record OutputLimit(int maxChars, int headChars, int tailChars) {

    /** About 8k tokens: enough for most outputs, small enough to leave room for the conversation. */
    public static final OutputLimit DEFAULT = new OutputLimit(32_000, 8_000, 20_000);

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    public OutputLimit {
        if (headChars < 0 || tailChars < 0 || headChars + tailChars > maxChars) {
            throw new IllegalArgumentException("need 0 <= head + tail <= max, got " + headChars + " + " + tailChars
                    + " > " + maxChars);
        }
    }

    /**
     * The text as the model should get it: unchanged when it fits, else head and tail around a
     * line saying how much was cut and where the whole output was saved.
     *
     * @param name what produced it (a file name part: shell, ipython)
     * @param dir  where to save the whole output
     */
    public String apply(String text, String name, Path dir) {
        return apply(text, name, OutputFolder.unbounded(dir));
    }

    /** As {@link #apply(String, String, Path)}, saved within what {@code folder} may still take. */
    public String apply(String text, String name, OutputFolder folder) {
        return cut(text, () -> save(text, name, folder));
    }

    /**
     * The text cut as {@link #apply} cuts it, with {@code where} saying where the whole of it can
     * be read (asked only when the text is cut): for output that was saved already.
     */
    public String cut(String text, Supplier<String> where) {
        if (text.length() <= maxChars) {
            return text;
        }
        int headEnd = lineBoundaryBefore(text, headChars);
        int tailStart = lineBoundaryAfter(text, text.length() - tailChars);
        String cut = text.substring(headEnd, tailStart);
        long lines = cut.chars().filter(c -> c == '\n').count();
        return text.substring(0, headEnd)
                + "\n[… " + cut.length() + " characters (" + lines + " lines) cut from the middle; " + where.get()
                + " …]\n" + text.substring(tailStart);
    }

    private static String save(String text, String name, OutputFolder folder) {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        long granted = folder.take(bytes.length);
        if (granted == 0) {
            return "the whole output was not saved: " + folder.full();
        }
        try {
            OwnerOnly.folders(folder.path());
            // A fresh name every time, also across Rosetta processes sharing the folder.
            Path path = Files.createTempFile(folder.path(), name + "-" + LocalDateTime.now().format(STAMP) + "-",
                    ".txt");
            try (OutputStream out = Files.newOutputStream(path)) {
                out.write(bytes, 0, (int) granted);
            }
            return granted == bytes.length ? "the whole output is in " + path
                    : "the first " + granted + " bytes are saved in " + path + ": " + folder.full();
        } catch (IOException e) {
            folder.giveBack(granted);
            return "the whole output could not be saved (" + e.getClass().getSimpleName() + ")";
        }
    }

    /** Cut at the last line break before {@code at}, unless that loses more than half the head. */
    private static int lineBoundaryBefore(String text, int at) {
        int nl = text.lastIndexOf('\n', at - 1);
        return nl >= at / 2 ? nl + 1 : safe(text, at);
    }

    private static int lineBoundaryAfter(String text, int at) {
        int nl = text.indexOf('\n', at);
        return nl >= 0 && nl - at <= (text.length() - at) / 2 ? nl + 1 : safe(text, at);
    }

    /** Never between the two halves of a surrogate pair. */
    private static int safe(String text, int at) {
        return at > 0 && at < text.length() && Character.isLowSurrogate(text.charAt(at)) ? at + 1 : at;
    }
}
