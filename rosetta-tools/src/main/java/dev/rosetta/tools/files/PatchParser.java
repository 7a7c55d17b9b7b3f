package dev.rosetta.tools.files;

import java.util.ArrayList;
import java.util.List;

import dev.rosetta.core.tool.ErrorCode;
import dev.rosetta.tools.ToolFailure;

/**
 * Reads a patch body: hunks of a {@code <<<<<<< ORIGINAL} line, the original lines, a
 * {@code =======} line, the updated lines and a {@code >>>>>>> UPDATED} line. A marker is a
 * line that is exactly the marker (trailing spaces aside); a line of another number of
 * {@code =} signs, such as a reStructuredText underline, is text. Text between hunks (a stray
 * fence, a remark) is ignored.
 */
final class PatchParser {

    static final String ORIGINAL = "<<<<<<< ORIGINAL";
    static final String DIVIDER = "=======";
    static final String UPDATED = ">>>>>>> UPDATED";

    private enum Part { OUTSIDE, ORIGINAL, UPDATED }

    private PatchParser() {}

    static List<Hunk> parse(String patch) throws ToolFailure {
        List<String> lines = Lines.of(TextFile.normalize(patch)).lines();
        List<Hunk> hunks = new ArrayList<>();
        List<String> original = new ArrayList<>();
        List<String> updated = new ArrayList<>();
        Part part = Part.OUTSIDE;
        for (int i = 0; i < lines.size(); i++) {
            String marker = lines.get(i).stripTrailing();
            int number = hunks.size() + 1;
            int at = i + 1;
            switch (part) {
                case OUTSIDE -> {
                    if (marker.equals(ORIGINAL)) {
                        original.clear();
                        updated.clear();
                        part = Part.ORIGINAL;
                    } else if (marker.equals(DIVIDER) || marker.equals(UPDATED)) {
                        throw invalid("line " + at + " of the patch is " + marker + " outside a hunk; each hunk starts with "
                                + ORIGINAL);
                    }
                }
                case ORIGINAL -> {
                    if (marker.equals(DIVIDER)) {
                        part = Part.UPDATED;
                    } else if (marker.equals(UPDATED)) {
                        throw invalid("hunk " + number + " has no " + DIVIDER + " line between its ORIGINAL and UPDATED"
                                + " lines (its " + UPDATED + " is line " + at + " of the patch)");
                    } else if (marker.equals(ORIGINAL)) {
                        throw invalid("hunk " + number + " is not finished when line " + at + " starts another one; end"
                                + " each hunk with " + DIVIDER + ", the new lines and " + UPDATED);
                    } else {
                        original.add(lines.get(i));
                    }
                }
                case UPDATED -> {
                    if (marker.equals(UPDATED)) {
                        hunks.add(new Hunk(number, original, updated));
                        part = Part.OUTSIDE;
                    } else if (marker.equals(DIVIDER)) {
                        throw invalid("hunk " + number + " has a second " + DIVIDER + " line (line " + at + " of the patch);"
                                + " a hunk has exactly one. (A line of another number of = signs, such as a heading"
                                + " underline, is fine; a file line of exactly seven = signs cannot be patched: use save.)");
                    } else if (marker.equals(ORIGINAL)) {
                        throw invalid("hunk " + number + " is not closed with " + UPDATED + " before line " + at
                                + " starts another hunk");
                    } else {
                        updated.add(lines.get(i));
                    }
                }
            }
        }
        if (part != Part.OUTSIDE) {
            throw invalid("hunk " + (hunks.size() + 1) + " is not closed: the patch ends before its "
                    + (part == Part.ORIGINAL ? DIVIDER + " and " : "") + UPDATED + " line");
        }
        if (hunks.isEmpty()) {
            throw invalid("the patch has no hunks. Each hunk is a line " + ORIGINAL + ", the lines exactly as they are"
                    + " in the file, a line " + DIVIDER + ", the lines to put in their place, and a line " + UPDATED);
        }
        return hunks;
    }

    private static ToolFailure invalid(String message) {
        return new ToolFailure(ErrorCode.INVALID_ARGS, message);
    }
}
