package dev.rosetta.core.dialect.markdown;

import static dev.rosetta.core.split.Splitting.calls;
import static dev.rosetta.core.split.Splitting.onlyCall;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;

import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.Segment.Call;
import dev.rosetta.core.split.Splitting;
import dev.rosetta.core.tool.BuiltinTools;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.core.tool.ToolUse;

/**
 * Seeded random file bodies full of nested and bare fences. Fenced by the markdown writer they
 * read back whole; fenced by hand with three backticks, as models write them, they are saved
 * whole wherever a reading keeps the whole body and closes the call, and never saved truncated.
 * Every case is read whole and in every chunking ({@link Splitting#split}).
 */
class FileBodyPropertyTest {

    private static final long SEED = 0x5EEDF11EL;
    private static final List<ToolSpec> FILE_TOOLS = List.of(BuiltinTools.SAVE, BuiltinTools.APPEND);
    private static final String[] WORDS = {"Install", "the", "tool:", "**Structure:**", "## Usage", "- item", "`x`",
        "a```b", "@shell: {\"command\": \"ls\"}", "<tool-use>", "<think>", "  indented", "ok", "> quote"};
    /** Tags of inner blocks that call no tool: a README's examples. */
    private static final String[] LANGUAGES = {"js", "json", "text", "python", "bash", "diff", "toml"};

    @Test
    void aBodyFencedByTheWriterReadsBackWhole() {
        Random random = new Random(SEED);
        for (int n = 0; n < 60; n++) {
            String body = anyBody(random);
            ToolSpec tool = FILE_TOOLS.get(random.nextInt(FILE_TOOLS.size()));
            String written = MarkdownDialect.INSTANCE.write(new ToolUse(tool.name(), List.of("docs/R.md"), body,
                    Map.of(), null), tool);
            String message = "Writing it.\n" + written + "\nDone.";
            Call call = onlyCall(Splitting.split(message, ToolFormat.MARKDOWN));
            assertThat(call.use().content()).as("case %d: %s", n, message).isEqualTo(body);
        }
    }

    @Test
    void aBodyFencedByHandWithThreeBackticksIsNeverSavedTruncated() {
        Random random = new Random(SEED + 1);
        String[] tails = {"", "\n", "\n\n", "\nSaved it.", "\n\nNow run it."};
        for (int n = 0; n < 80; n++) {
            String body = handWrittenBody(random);
            ToolSpec tool = FILE_TOOLS.get(random.nextInt(FILE_TOOLS.size()));
            String tail = tails[random.nextInt(tails.length)];
            String message = "```" + tool.name() + " R.md\n" + body + "\n```" + tail;
            List<Segment> segments = Splitting.split(message, ToolFormat.MARKDOWN);
            if (tail.isBlank()) {
                // The last line closes the call with every line inside: that reading is never passed over.
                assertThat(onlyCall(segments).use().content()).as("case %d: %s", n, message).isEqualTo(body);
            } else {
                // Prose after the closer: saved whole, or not at all (reported as unclosed) — never cut short.
                assertThat(calls(segments)).as("case %d: %s", n, message)
                        .allSatisfy(c -> assertThat(c.use().content()).isEqualTo(body));
            }
        }
    }

    /** Any lines: text, blank lines, bare and tagged fences of 3 to 6 backticks, glued fences. */
    private static String anyBody(Random random) {
        List<String> lines = new ArrayList<>();
        int count = 1 + random.nextInt(14);
        for (int i = 0; i < count; i++) {
            String ticks = "`".repeat(3 + random.nextInt(4));
            lines.add(switch (random.nextInt(6)) {
                case 0 -> ticks;
                case 1 -> ticks + LANGUAGES[random.nextInt(LANGUAGES.length)];
                case 2 -> "";
                case 3 -> ticks + "```save x.md";
                default -> text(random);
            });
        }
        return String.join("\n", lines);
    }

    /**
     * A body a model writes inside a plain ``` fence: untagged blocks whose bare fence is followed
     * by text (paired or not: a stray one is a line of the file), closed blocks tagged with a
     * language that calls no tool, text and blank lines, ending with text.
     */
    private static String handWrittenBody(Random random) {
        List<String> lines = new ArrayList<>();
        int items = 1 + random.nextInt(8);
        for (int i = 0; i < items; i++) {
            switch (random.nextInt(4)) {
                case 0 -> {
                    lines.add("```");
                    lines.add(text(random));
                }
                case 1 -> {
                    lines.add("```" + LANGUAGES[random.nextInt(LANGUAGES.length)]);
                    for (int k = random.nextInt(3); k >= 0; k--) {
                        lines.add(random.nextInt(4) == 0 ? "" : text(random));
                    }
                    lines.add("```");
                }
                case 2 -> lines.add("");
                default -> lines.add(text(random));
            }
        }
        lines.add(text(random));
        return String.join("\n", lines);
    }

    private static String text(Random random) {
        StringBuilder line = new StringBuilder(WORDS[random.nextInt(WORDS.length)]);
        for (int k = random.nextInt(4); k > 0; k--) {
            line.append(' ').append(WORDS[random.nextInt(WORDS.length)]);
        }
        return line.toString();
    }
}
