package dev.rosetta.tools.shell;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.function.UnaryOperator;

import dev.rosetta.tools.LiveOutput;
import dev.rosetta.tools.output.OutputFolder;
import dev.rosetta.tools.output.OutputLimit;
import dev.rosetta.tools.output.OwnerOnly;

/**
 * One command's output, in bounded memory however much there is. Up to a threshold the bytes
 * are kept and cut by {@link OutputLimit#apply} at the end; past it they are streamed to a file
 * in the output folder while only a head and a tail window stay in memory, and the text for the
 * model is built from those windows in the same shape. Bytes are decoded as UTF-8 with
 * replacement characters, so binary output never fails.
 */
final class CapturedOutput {

    /** Saving stops here: a runaway command should not fill the disk. */
    static final long MAX_SAVED = 512L << 20;

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    private final OutputLimit limit;
    private final OutputFolder dir;
    private final int spillBytes;
    private final UnaryOperator<String> clean;
    private final LiveOutput live;

    private byte[] memory = new byte[256];
    private int size;
    private long total;
    private long lineBreaks;

    // once spilled
    private byte[] head;
    private int headSize;
    private ByteRing tail;
    private OutputStream file;
    private Path path;
    private long saved;
    private String saveProblem;
    /** Saving stopped because the conversation's outputs folder was full, not at {@link #MAX_SAVED}. */
    private boolean folderFull;

    /**
     * @param spillBytes raised when needed so that output below it always fits the limit's
     *                   windows: then only output that must be cut is streamed
     * @param clean      removes noise that is not the command's from the decoded text
     */
    CapturedOutput(OutputLimit limit, OutputFolder dir, int spillBytes, UnaryOperator<String> clean) {
        this(limit, dir, spillBytes, clean, LiveOutput.NONE);
    }

    /** @param live told every byte as it comes, before it is kept or cut */
    CapturedOutput(OutputLimit limit, OutputFolder dir, int spillBytes, UnaryOperator<String> clean,
            LiveOutput live) {
        this.live = live;
        this.limit = limit;
        this.dir = dir;
        this.clean = clean;
        this.spillBytes = (int) Math.min(Integer.MAX_VALUE - 16, Math.max(spillBytes, 4L * limit.maxChars() + 4));
    }

    void write(byte[] bytes, int offset, int length) {
        live.write(bytes, offset, length);
        total += length;
        for (int i = offset; i < offset + length; i++) {
            if (bytes[i] == '\n') {
                lineBreaks++;
            }
        }
        if (head == null) {
            if ((long) size + length <= spillBytes) {
                keep(bytes, offset, length);
                return;
            }
            spill();
        }
        stream(bytes, offset, length);
    }

    long size() {
        return total;
    }

    /** The output for the model; ends any saving. */
    String text() {
        if (head == null) {
            return limit.apply(clean.apply(new String(memory, 0, size, StandardCharsets.UTF_8)), "shell", dir);
        }
        closeFile();
        String headText = cutHead(clean.apply(new String(head, 0, headSize, StandardCharsets.UTF_8)));
        String tailText = cutTail(clean.apply(tail.text()));
        long cutLines = lineBreaks - count(headText) - count(tailText);
        long cutBytes = Math.max(0, total - utf8Length(headText) - utf8Length(tailText));
        return headText + "\n[… " + cutBytes + " bytes (" + cutLines + " lines) cut from the middle; " + where()
                + " …]\n" + tailText;
    }

    private void keep(byte[] bytes, int offset, int length) {
        if (size + length > memory.length) {
            memory = Arrays.copyOf(memory, (int) Math.min(spillBytes, Math.max(size + length, 2L * memory.length)));
        }
        System.arraycopy(bytes, offset, memory, size, length);
        size += length;
    }

    private void spill() {
        head = new byte[4 * limit.headChars()];
        tail = new ByteRing(Math.max(1, 4 * limit.tailChars()));
        open();
        byte[] kept = memory;
        memory = null;
        stream(kept, 0, size);
        size = 0;
    }

    private void stream(byte[] bytes, int offset, int length) {
        int toHead = Math.min(length, head.length - headSize);
        System.arraycopy(bytes, offset, head, headSize, toHead);
        headSize += toHead;
        tail.write(bytes, offset, length);
        save(bytes, offset, length);
    }

    private void open() {
        if (dir.isFull()) {
            saveProblem = "the whole output was not saved: " + dir.full();
            return;
        }
        try {
            OwnerOnly.folders(dir.path());
            path = Files.createTempFile(dir.path(), "shell-" + LocalDateTime.now().format(STAMP) + "-", ".txt");
            file = new BufferedOutputStream(Files.newOutputStream(path), 1 << 16);
        } catch (IOException | RuntimeException e) {
            saveProblem = "the whole output could not be saved (" + e.getClass().getSimpleName() + ")";
        }
    }

    private void save(byte[] bytes, int offset, int length) {
        if (file == null) {
            return;
        }
        int allowed = (int) dir.take(Math.min(length, MAX_SAVED - saved));
        try {
            file.write(bytes, offset, allowed);
            saved += allowed;
            if (allowed < length) {
                if (saved < MAX_SAVED) {
                    folderFull = true;
                }
                closeFile();
            }
        } catch (IOException e) {
            saveProblem = "saving the whole output failed after " + saved + " bytes (" + e.getClass().getSimpleName()
                    + "); what was saved is in " + path;
            closeFile();
        }
    }

    private void closeFile() {
        if (file != null) {
            try {
                file.close();
            } catch (IOException e) {
                saveProblem = "the saved output in " + path + " may be incomplete (" + e.getClass().getSimpleName() + ")";
            }
            file = null;
        }
    }

    private String where() {
        if (saveProblem != null) {
            return saveProblem;
        }
        return saved == total ? "the whole output is in " + path : "the first " + saved + " bytes are saved in " + path
                + (folderFull ? ": " + dir.full() : "");
    }

    /** As {@link OutputLimit}: cut at a line break unless that loses more than half the window. */
    private String cutHead(String text) {
        int at = Math.min(text.length(), limit.headChars());
        int nl = text.lastIndexOf('\n', at - 1);
        int end = nl >= at / 2 ? nl + 1 : safe(text, at);
        return text.substring(0, end);
    }

    private String cutTail(String text) {
        int at = Math.max(0, text.length() - limit.tailChars());
        int nl = text.indexOf('\n', at);
        int start = nl >= 0 && nl - at <= (text.length() - at) / 2 ? nl + 1 : safe(text, at);
        return text.substring(start);
    }

    private static int safe(String text, int at) {
        return at > 0 && at < text.length() && Character.isLowSurrogate(text.charAt(at)) ? at + 1 : at;
    }

    private static long count(String text) {
        return text.chars().filter(c -> c == '\n').count();
    }

    private static long utf8Length(String text) {
        return text.getBytes(StandardCharsets.UTF_8).length;
    }
}
