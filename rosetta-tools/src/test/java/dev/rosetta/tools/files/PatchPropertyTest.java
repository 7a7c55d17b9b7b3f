package dev.rosetta.tools.files;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.rosetta.core.tool.ToolResult;

/**
 * Random files, random edits: a patch built from the edits — written exactly, with trailing
 * whitespace lost, or with a level of indentation dropped, as models write them — applies and
 * gives the edited text.
 */
class PatchPropertyTest {

    @TempDir
    Path dir;

    private record Edit(int start, int length, List<String> replacement) {}

    private enum Spelling { EXACT, NO_TRAILING_WHITESPACE, DEDENTED }

    @Test
    void patchesBuiltFromRandomEditsApplyAndGiveTheEditedText() throws Exception {
        Random random = new Random(2024);
        Calls calls = new Calls(dir);
        for (int round = 0; round < 400; round++) {
            List<String> lines = randomFile(random, 5 + random.nextInt(80));
            boolean finalNewline = random.nextInt(6) != 0;
            List<Edit> edits = randomEdits(random, lines);
            Spelling spelling = Spelling.values()[random.nextInt(Spelling.values().length)];
            String text = new Lines(lines, finalNewline).join();

            StringBuilder patch = new StringBuilder();
            List<String> expected = new ArrayList<>(lines);
            for (int e = edits.size() - 1; e >= 0; e--) {
                Edit edit = edits.get(e);
                expected.subList(edit.start(), edit.start() + edit.length()).clear();
                expected.addAll(edit.start(), edit.replacement());
            }
            for (Edit edit : edits) {
                List<String> original = lines.subList(edit.start(), edit.start() + edit.length());
                patch.append(Calls.hunk(spell(original, original, spelling), spell(edit.replacement(), original, spelling)));
            }
            String want = new Lines(expected, finalNewline || expected.isEmpty()).join();
            assertThat(Patcher.apply(text, PatchParser.parse(patch.toString()), "f.py").text())
                    .as("round %d (%s)\n%s", round, spelling, patch).isEqualTo(want);
            if (round % 20 == 0) { // the whole way too, through the tool and a real file
                String file = "f" + round + ".py";
                calls.write(file, text);
                ToolResult r = calls.patch(file, patch.toString());
                assertThat(r.isError()).as("round %d: %s", round, r.output()).isFalse();
                assertThat(calls.text(file)).isEqualTo(want);
            }
        }
    }

    /** Unique, indented lines (some with trailing spaces, some blank), as in real code. */
    private static List<String> randomFile(Random random, int n) {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (random.nextInt(8) == 0) {
                lines.add("");
                continue;
            }
            String indent = "    ".repeat(1 + random.nextInt(3));
            lines.add(indent + "stmt_" + i + "_" + random.nextInt(1000) + "()" + (random.nextInt(5) == 0 ? "  " : ""));
        }
        return lines;
    }

    /** Up to three non-overlapping edits, in file order, each starting at a non-blank line. */
    private static List<Edit> randomEdits(Random random, List<String> lines) {
        List<Edit> edits = new ArrayList<>();
        int from = 0;
        int count = 1 + random.nextInt(3);
        for (int e = 0; e < count && from < lines.size(); e++) {
            int start = from + random.nextInt(Math.max(1, (lines.size() - from) / 2));
            while (start < lines.size() && lines.get(start).isBlank()) {
                start++;
            }
            if (start >= lines.size()) {
                break;
            }
            int length = 1 + random.nextInt(Math.min(4, lines.size() - start));
            String indent = Reindent.leading(lines.get(start));
            List<String> replacement = new ArrayList<>();
            int added = random.nextInt(4);
            for (int k = 0; k < added; k++) {
                replacement.add(indent + (k % 2 == 1 ? "    " : "") + "new_" + e + "_" + k + "()");
            }
            edits.add(new Edit(start, length, replacement));
            from = start + length + 1;
        }
        return edits;
    }

    /** The lines as a model might write them; dedenting removes the indentation all the ORIGINAL lines share. */
    private static String spell(List<String> lines, List<String> original, Spelling spelling) {
        String common = commonIndent(original);
        StringBuilder out = new StringBuilder();
        for (String line : lines) {
            String spelled = switch (spelling) {
                case EXACT -> line;
                case NO_TRAILING_WHITESPACE -> line.stripTrailing();
                case DEDENTED -> line.startsWith(common) ? line.substring(common.length()).stripTrailing() : line.strip();
            };
            out.append(spelled).append('\n');
        }
        return out.toString();
    }

    private static String commonIndent(List<String> lines) {
        String common = null;
        for (String line : lines) {
            if (line.isBlank()) {
                continue;
            }
            String lead = Reindent.leading(line);
            common = common == null || lead.length() < common.length() ? lead : common;
        }
        return common == null ? "" : common;
    }
}
