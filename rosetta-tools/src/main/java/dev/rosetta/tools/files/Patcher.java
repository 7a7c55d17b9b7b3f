package dev.rosetta.tools.files;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import dev.rosetta.core.tool.ErrorCode;
import dev.rosetta.tools.ToolFailure;

/**
 * Applies a patch's hunks, in order, to a file's text in memory. Any hunk that fails fails the
 * whole patch, so the caller writes all of them or none.
 */
final class Patcher {

    /** How many lines of the closest region an error quotes. */
    private static final int QUOTED_LINES = 30;

    /**
     * @param text  the patched text
     * @param notes what the model should know about how hunks matched (e.g. re-indented)
     */
    record Patched(String text, List<String> notes) {}

    private final String shownPath;
    private final int hunkCount;

    private Patcher(String shownPath, int hunkCount) {
        this.shownPath = shownPath;
        this.hunkCount = hunkCount;
    }

    static Patched apply(String text, List<Hunk> hunks, String shownPath) throws ToolFailure {
        return new Patcher(shownPath, hunks.size()).applyAll(text, hunks);
    }

    private Patched applyAll(String text, List<Hunk> hunks) throws ToolFailure {
        Lines start = Lines.of(text);
        List<String> lines = new ArrayList<>(start.lines());
        List<String> notes = new ArrayList<>();
        for (Hunk hunk : hunks) {
            applyOne(hunk, lines, notes);
        }
        return new Patched(new Lines(lines, start.finalNewline() || start.lines().isEmpty()).join(), notes);
    }

    private void applyOne(Hunk hunk, List<String> lines, List<String> notes) throws ToolFailure {
        if (hunk.original().equals(hunk.updated())) {
            throw fail(hunk, "its ORIGINAL and UPDATED lines are the same, so it changes nothing");
        }
        refusePlaceholders(hunk);
        if (hunk.original().isEmpty()) {
            if (!lines.isEmpty()) {
                throw fail(hunk, "its ORIGINAL part is empty; copy there the lines to replace (to add at the end of"
                        + " the file, use append)");
            }
            lines.addAll(hunk.updated());
            return;
        }
        switch (HunkMatcher.find(lines, hunk.original())) {
            case HunkMatcher.Found found -> {
                List<String> replacement = found.reindent().apply(hunk.updated());
                List<String> region = lines.subList(found.start(), found.start() + hunk.original().size());
                region.clear();
                region.addAll(replacement);
                note(hunk, found).ifPresent(notes::add);
            }
            case HunkMatcher.Ambiguous ambiguous -> throw ambiguous(hunk, ambiguous);
            case HunkMatcher.NotFound notFound -> throw notFound(hunk, lines);
        }
    }

    /** An UPDATED line such as "# ... rest of the code ..." that was not in the ORIGINAL would replace real lines. */
    private void refusePlaceholders(Hunk hunk) throws ToolFailure {
        Set<String> before = new HashSet<>();
        hunk.original().forEach(line -> before.add(line.strip()));
        for (String line : hunk.updated()) {
            if (!before.contains(line.strip()) && Placeholders.isPlaceholder(line, Placeholders.isDocumentation(shownPath))) {
                throw fail(hunk, "its UPDATED line `" + line.strip() + "` looks like a placeholder for lines that were"
                        + " left out; the patch would replace the real lines with it. Put the complete new lines in"
                        + " UPDATED, and keep hunks small so that they need no placeholders");
            }
        }
    }

    private Optional<String> note(Hunk hunk, HunkMatcher.Found found) {
        String which = hunkCount > 1 ? "hunk " + hunk.number() : "the hunk";
        return switch (found.tolerance()) {
            case EXACT -> Optional.empty();
            case TRAILING_WHITESPACE -> Optional.of(which + " matched ignoring trailing whitespace");
            case INDENTATION -> Optional.of(which + " matched ignoring indentation; its UPDATED lines were "
                    + found.reindent().describe() + " to fit the file");
        };
    }

    private ToolFailure ambiguous(Hunk hunk, HunkMatcher.Ambiguous ambiguous) {
        String at = ambiguous.starts().stream().limit(10).map(s -> String.valueOf(s + 1)).collect(Collectors.joining(", "));
        String more = ambiguous.starts().size() > 10 ? " and " + (ambiguous.starts().size() - 10) + " more" : "";
        String how = ambiguous.tolerance() == HunkMatcher.Tolerance.EXACT ? "" : " (ignoring whitespace)";
        return fail(hunk, "its ORIGINAL lines occur " + ambiguous.starts().size() + " times in " + shownPath + how
                + ", starting at lines " + at + more + afterEarlierHunks(hunk) + ". Add neighbouring lines to the"
                + " ORIGINAL (and the same to UPDATED) so that it matches one place only");
    }

    private ToolFailure notFound(Hunk hunk, List<String> lines) {
        StringBuilder message = new StringBuilder("its ORIGINAL lines are not in " + shownPath
                + ", not even ignoring whitespace and indentation.");
        Optional<ClosestRegion.Region> closest = ClosestRegion.find(lines, hunk.original());
        if (closest.isEmpty()) {
            message.append(" The file is empty.");
        } else {
            quote(message, closest.get(), hunk, lines);
        }
        message.append("\nCopy the ORIGINAL lines exactly as the file has them (read the file if unsure).");
        return fail(hunk, message.toString());
    }

    private void quote(StringBuilder message, ClosestRegion.Region region, Hunk hunk, List<String> lines) {
        int first = region.start() + 1;
        int last = region.start() + region.length();
        message.append(" The closest region is line").append(first == last ? " " + first : "s " + first + "-" + last)
                .append(" (").append(Math.round(region.similarity() * 100)).append("% alike)")
                .append(afterEarlierHunks(hunk)).append(".");
        int diff = region.firstDifference();
        if (diff >= 0 && region.start() + diff < lines.size()) {
            message.append(" The first line that differs is ORIGINAL line ").append(diff + 1).append(":\n  ORIGINAL: ")
                    .append(hunk.original().get(diff)).append("\n  file ").append(region.start() + diff + 1).append(":   ")
                    .append(lines.get(region.start() + diff));
        }
        message.append("\nThe file's lines ").append(first).append('-').append(last).append(":\n");
        int shownLast = Math.min(last, first + QUOTED_LINES - 1);
        int width = String.valueOf(shownLast).length();
        for (int n = first; n <= shownLast; n++) {
            message.append(String.format("%" + width + "d\t%s", n, lines.get(n - 1))).append('\n');
        }
        if (shownLast < last) {
            message.append("[… ").append(last - shownLast).append(" more lines]\n");
        }
    }

    private String afterEarlierHunks(Hunk hunk) {
        return switch (hunk.number()) {
            case 1 -> "";
            case 2 -> " (line numbers as they are once hunk 1 is applied)";
            default -> " (line numbers as they are once hunks 1-" + (hunk.number() - 1) + " are applied)";
        };
    }

    private ToolFailure fail(Hunk hunk, String why) {
        String which = hunkCount > 1 ? "hunk " + hunk.number() + " of " + hunkCount : "the hunk";
        return new ToolFailure(ErrorCode.INVALID_ARGS, "patch not applied: " + which + " failed: " + why
                + (hunkCount > 1 ? "\nNo hunk was applied; the file is unchanged." : "\nThe file is unchanged."));
    }
}
