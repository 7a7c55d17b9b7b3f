package dev.rosetta.tools.files;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.rosetta.core.testing.MachineRequirement;

class UnifiedDiffTest {

    @TempDir
    Path dir;

    @Test
    void identicalTextsHaveNoDiff() {
        assertThat(UnifiedDiff.of("a\nb\n", "a\nb\n", "a/x", "b/x")).isEmpty();
    }

    @Test
    void distantChangesGetSeparateHunksWithThreeLinesOfContext() {
        String old = numbered(1, 20);
        String changed = old.replace("\n3\n", "\nthree\n").replace("\n17\n", "\nseventeen\n");
        assertThat(UnifiedDiff.of(old, changed, "a/x", "b/x")).isEqualTo("""
                --- a/x
                +++ b/x
                @@ -1,6 +1,6 @@
                 1
                 2
                -3
                +three
                 4
                 5
                 6
                @@ -14,7 +14,7 @@
                 14
                 15
                 16
                -17
                +seventeen
                 18
                 19
                 20
                """);
    }

    @Test
    void changesCloserThanTwiceTheContextShareAHunk() {
        String old = numbered(1, 12);
        String changed = old.replace("\n3\n", "\nthree\n").replace("\n9\n", "\nnine\n");
        assertThat(UnifiedDiff.of(old, changed, "a/x", "b/x")).contains("@@ -1,12 +1,12 @@").containsOnlyOnce("@@ -");
    }

    @Test
    void aMissingFinalLineBreakIsMarked() {
        assertThat(UnifiedDiff.of("a\nb", "a\nb\n", "a/x", "b/x")).isEqualTo("""
                --- a/x
                +++ b/x
                @@ -1,2 +1,2 @@
                 a
                -b
                \\ No newline at end of file
                +b
                """);
    }

    @Test
    void deletingEverythingCountsFromLineZeroOnTheNewSide() {
        assertThat(UnifiedDiff.of("a\nb\n", "", "a/x", "b/x")).isEqualTo("--- a/x\n+++ b/x\n@@ -1,2 +0,0 @@\n-a\n-b\n");
    }

    @Test
    void gnuPatchAppliesOurDiffs() throws Exception {
        MachineRequirement.require(Files.isExecutable(Path.of("/usr/bin/patch")), "GNU patch is not installed (apt-get install patch)");
        Random random = new Random(42);
        for (int round = 0; round < 10; round++) {
            String old = randomText(random, 60);
            String changed = mutate(random, old);
            Path file = Files.writeString(dir.resolve("f" + round + ".txt"), old);
            Path diff = Files.writeString(dir.resolve("f" + round + ".diff"),
                    UnifiedDiff.of(old, changed, "a/f" + round + ".txt", "b/f" + round + ".txt"));
            Process p = new ProcessBuilder("patch", "--quiet", "--force", file.toString(), diff.toString())
                    .redirectErrorStream(true).start();
            String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(p.waitFor(10, TimeUnit.SECONDS)).isTrue();
            assertThat(p.exitValue()).as(output).isZero();
            assertThat(Files.readString(file)).as("round " + round).isEqualTo(changed);
        }
    }

    @Test
    void applyingTheDiffGivesTheNewTextForRandomEdits() {
        Random random = new Random(1);
        for (int round = 0; round < 300; round++) {
            String old = randomText(random, random.nextInt(40));
            String changed = random.nextInt(10) == 0 ? randomText(random, random.nextInt(40)) : mutate(random, old);
            String diff = UnifiedDiff.of(old, changed, "a/x", "b/x");
            assertThat(apply(old, diff)).as("round %d:\n%s", round, diff).isEqualTo(changed);
            UnifiedDiff.Stat stat = UnifiedDiff.stat(old, changed);
            assertThat(stat.added()).isEqualTo(diff.lines().filter(l -> l.startsWith("+") && !l.startsWith("+++")).count());
        }
    }

    /** Quick by count: the common head and tail are set aside, and the search sees one line on each side. */
    @Test
    void aSmallChangeInATenThousandLineFileIsQuickAndMinimal() {
        String old = numbered(1, 10_000);
        String changed = old.replace("\n5000\n", "\nfive thousand\n");
        assertThat(UnifiedDiff.of(old, changed, "a/x", "b/x")).contains("@@ -4997,7 +4997,7 @@").hasLineCount(11);
        WorkCount work = new WorkCount();
        LineDiff.between(Lines.of(old).terminated(), Lines.of(changed).terminated(), work);
        assertThat(work.steps()).as("steps of the search").isLessThan(10);
    }

    /**
     * Quick by count: 5,000 lines changed is more than the search's edit bound, so it stops there
     * and reports the middle as deleted and inserted whole. Without the bound, Myers' search
     * would take some 50 million steps; with it, about 2 million (one per diagonal of 2,000 rows).
     */
    @Test
    void rewritingATenThousandLineFileStaysQuickAndCorrect() {
        String old = numbered(1, 10_000);
        String changed = IntStream.rangeClosed(1, 10_000).mapToObj(i -> i % 2 == 0 ? "even " + i : String.valueOf(i))
                .collect(Collectors.joining("\n", "", "\n"));
        assertThat(apply(old, UnifiedDiff.of(old, changed, "a/x", "b/x"))).isEqualTo(changed);
        WorkCount work = new WorkCount();
        LineDiff.between(Lines.of(old).terminated(), Lines.of(changed).terminated(), work);
        assertThat(work.steps()).as("steps of the search").isLessThan(3_000_000L);
    }

    private static String numbered(int from, int to) {
        return IntStream.rangeClosed(from, to).mapToObj(String::valueOf).collect(Collectors.joining("\n", "", "\n"));
    }

    /** Lines from a small vocabulary, so that equal lines repeat as they do in code. */
    static String randomText(Random random, int lines) {
        String[] words = {"a", "b", "c", "{", "}", "", "return x;", "x++;", "if (y) {"};
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < lines; i++) {
            out.append(words[random.nextInt(words.length)]).append(random.nextInt(4) == 0 ? " " + i : "").append('\n');
        }
        if (lines > 0 && random.nextInt(5) == 0) {
            out.setLength(out.length() - 1); // no final line break
        }
        return out.toString();
    }

    static String mutate(Random random, String text) {
        List<String> lines = new ArrayList<>(Lines.of(text).lines());
        boolean finalNewline = Lines.of(text).finalNewline() || lines.isEmpty();
        int edits = 1 + random.nextInt(5);
        for (int e = 0; e < edits; e++) {
            int at = lines.isEmpty() ? 0 : random.nextInt(lines.size() + 1);
            switch (random.nextInt(3)) {
                case 0 -> lines.add(at, "inserted " + random.nextInt(100));
                case 1 -> {
                    if (at < lines.size()) {
                        lines.remove(at);
                    }
                }
                default -> {
                    if (at < lines.size()) {
                        lines.set(at, "changed " + random.nextInt(100));
                    }
                }
            }
        }
        if (random.nextInt(8) == 0) {
            finalNewline = !finalNewline;
        }
        return new Lines(lines, finalNewline).join();
    }

    private static final Pattern HEADER = Pattern.compile("^@@ -(\\d+),(\\d+) \\+(\\d+),(\\d+) @@$");

    /** A strict applier: context and removed lines must match, and the counts in each header must be right. */
    static String apply(String old, String diff) {
        if (diff.isEmpty()) {
            return old;
        }
        List<String> source = Lines.of(old).terminated();
        List<String> out = new ArrayList<>();
        List<String> lines = diff.lines().toList();
        int next = 0;
        int i = 2;
        while (i < lines.size()) {
            Matcher h = HEADER.matcher(lines.get(i++));
            assertThat(h.matches()).as("hunk header").isTrue();
            int oldStart = Integer.parseInt(h.group(1));
            int oldCount = Integer.parseInt(h.group(2));
            int newCount = Integer.parseInt(h.group(4));
            int from = oldCount == 0 ? oldStart : oldStart - 1;
            while (next < from) {
                out.add(source.get(next++));
            }
            int seenOld = 0;
            int seenNew = 0;
            while (i < lines.size() && !lines.get(i).startsWith("@@")) {
                String line = lines.get(i++);
                boolean noNewline = i < lines.size() && lines.get(i).equals("\\ No newline at end of file");
                if (noNewline) {
                    i++;
                }
                String text = line.substring(1) + (noNewline ? "" : "\n");
                switch (line.charAt(0)) {
                    case ' ' -> {
                        assertThat(source.get(next++)).isEqualTo(text);
                        out.add(text);
                        seenOld++;
                        seenNew++;
                    }
                    case '-' -> {
                        assertThat(source.get(next++)).isEqualTo(text);
                        seenOld++;
                    }
                    case '+' -> {
                        out.add(text);
                        seenNew++;
                    }
                    default -> throw new AssertionError("bad diff line: " + line);
                }
            }
            assertThat(seenOld).isEqualTo(oldCount);
            assertThat(seenNew).isEqualTo(newCount);
        }
        while (next < source.size()) {
            out.add(source.get(next++));
        }
        return String.join("", out);
    }
}
