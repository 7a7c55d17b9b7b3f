package dev.rosetta.agent.undo;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.rosetta.tools.Preview;

/**
 * The diffs of an undo's files, a page at a time: each page holds up to {@link #PAGE_LINES}
 * lines, whole files where they fit and the rest of a long one on the pages after (each piece
 * shown as a change of that file), so that 240,000 lines over 30 files are read as far as the user
 * wants and no further.
 */
public final class DiffPages {

    /** The lines a page holds at most. */
    public static final int PAGE_LINES = 200;

    private final List<Rewind.FileRestore> files;
    private final int pageLines;
    private final int total;
    private int file;
    /** Where the next page starts in the current file's diff, in lines. */
    private int line;
    private int shown;
    /** Where the last page started, in lines of all the diffs. */
    private int pageStart;

    public DiffPages(List<Rewind.FileRestore> files) {
        this(files, PAGE_LINES);
    }

    DiffPages(List<Rewind.FileRestore> files, int pageLines) {
        this.files = List.copyOf(files);
        this.pageLines = pageLines;
        this.total = files.stream().mapToInt(f -> f.diff().lines().mapToInt(l -> 1).sum()).sum();
    }

    public boolean hasNext() {
        return file < files.size();
    }

    /** The next page: pieces of the files' diffs, in order, {@link #PAGE_LINES} lines in all at most. */
    public List<Preview.FileChange> next() {
        List<Preview.FileChange> page = new ArrayList<>();
        pageStart = shown;
        int room = pageLines;
        while (room > 0 && file < files.size()) {
            Rewind.FileRestore f = files.get(file);
            List<String> lines = f.diff().lines().toList();
            int end = Math.min(lines.size(), line + room);
            String piece = String.join("\n", lines.subList(line, end)) + "\n";
            page.add(new Preview.FileChange(f.shown(), piece, false));
            room -= end - line;
            shown += end - line;
            if (end < lines.size()) {
                line = end;
            } else {
                file++;
                line = 0;
            }
        }
        return page;
    }

    /** Which lines the last page held: "lines 201–400 of 240,000". */
    public String position() {
        return String.format(Locale.ROOT, "lines %,d–%,d of %,d", pageStart + 1, shown, total);
    }

    /** The lines shown so far. */
    public int shown() {
        return shown;
    }

    /** The lines of all the diffs. */
    public int total() {
        return total;
    }
}
