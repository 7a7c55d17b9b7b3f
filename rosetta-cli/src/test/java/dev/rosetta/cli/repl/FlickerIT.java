package dev.rosetta.cli.repl;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import dev.rosetta.agent.tokens.TokenEstimator;

/**
 * The flicker measure (docs/BENCHMARKS.md): a reply of about 2,000 tokens with calls, streamed at
 * a model's pace, in the terminal UI and in the line prompt, with every byte Rosetta writes to the
 * terminal recorded (tmux pipe-pane) from its prompt to the end of the turn. Counted: bytes per
 * streamed token, synchronized frames, and full-screen redraws (clearing the screen, homing and
 * erasing it, the alternate screen). The UI must draw no full redraw while streaming. The table
 * goes to {@code target/flicker-report.md}; {@code -Drosetta.flicker.cps=N} sets the pace in
 * characters a second (default 2,500, about 600 tokens a second, so the test stays short; the
 * numbers in BENCHMARKS.md are at 400).
 */
class FlickerIT extends TerminalTest {

    /** Sequences that redraw the whole screen: ED 2 and 3, RIS, home then erase, the alternate screen. */
    private static final Map<String, Pattern> FULL_REDRAWS = new LinkedHashMap<>(Map.of(
            "ESC[2J", Pattern.compile("\u001b\\[2J"),
            "ESC[3J", Pattern.compile("\u001b\\[3J"),
            "ESC c", Pattern.compile("\u001bc"),
            "home+ESC[J", Pattern.compile("\u001b\\[(1;1)?H\u001b\\[0?J"),
            "alt screen", Pattern.compile("\u001b\\[\\?(1049|47|1047)h")));

    @BeforeEach
    void environment() throws Exception {
        env.put("ROSETTA_BREAK_ON_TOOLUSE", "false");
    }

    /** One recorded run: which UI, what size, what was counted. */
    record Run(String ui, int columns, int rows, int tokens, long bytes, int frames, Map<String, Integer> redraws,
            int regionErases) {

        int fullRedraws() {
            return redraws.values().stream().mapToInt(Integer::intValue).sum();
        }

        String row() {
            return String.format(Locale.ROOT, "| %s | %d×%d | %,d | %,d | %.1f | %d | %d | %d |", ui, columns, rows, tokens,
                    bytes, (double) bytes / tokens, frames, regionErases, fullRedraws());
        }
    }

    @Test
    void aLongReplyWithCallsIsStreamedWithoutAFullRedraw() throws Exception {
        int pace = Integer.getInteger("rosetta.flicker.cps", 2_500);
        String reply = reply();
        int tokens = TokenEstimator.shared().count(reply);
        List<Run> runs = new ArrayList<>();
        for (int[] size : new int[][] {{80, 24}, {200, 50}}) {
            runs.add(measure("inline", List.of(), reply, tokens, pace, size[0], size[1]));
            runs.add(measure("line", List.of("--ui", "line"), reply, tokens, pace, size[0], size[1]));
        }

        String report = "| UI | terminal | tokens | bytes written | bytes per token | synchronized frames"
                + " | live-region erases (ESC[J) | full-screen redraws |\n|---|---|---:|---:|---:|---:|---:|---:|\n"
                + runs.stream().map(Run::row).collect(Collectors.joining("\n")) + "\n\npace: " + pace
                + " characters a second; full redraws by kind: "
                + runs.stream().map(r -> r.ui() + " " + r.columns() + "×" + r.rows() + " " + r.redraws())
                        .collect(Collectors.joining("; ")) + "\n";
        Files.writeString(Path.of("target", "flicker-report.md"), report);
        System.out.println(report);
        assertThat(runs).filteredOn(r -> r.ui().equals("inline")).allSatisfy(r -> {
            assertThat(r.fullRedraws()).as("full-screen redraws in the UI while streaming").isZero();
            assertThat(r.frames()).as("frames drawn").isPositive();
        });
    }

    private Run measure(String ui, List<String> options, String reply, int tokens, int pace, int columns, int rows)
            throws Exception {
        model.replyAt(reply, pace);
        model.reply("Done.");
        List<String> yesAndOptions = new ArrayList<>(List.of("-y"));
        yesAndOptions.addAll(options);
        Path folder = Files.createDirectories(dir.resolve("tmux-" + ui + "-" + columns));
        TmuxSession rosetta = start(folder, rosetta(List.of(), yesAndOptions), columns, rows);
        rosetta.waitUntil("the prompt", s -> s.contains(PROMPT));
        Path bytes = folder.resolve("written.bin");
        rosetta.recordOutput(bytes);
        rosetta.type("write the guide");
        rosetta.press("Enter");
        rosetta.waitFor("Done.");
        rosetta.waitForTurnEnd(PROMPT, 2);
        rosetta.stopRecording();
        rosetta.press("C-d");
        rosetta.exitCode();
        rosetta.close();
        String written = new String(Files.readAllBytes(bytes), StandardCharsets.UTF_8);
        Map<String, Integer> redraws = new LinkedHashMap<>();
        FULL_REDRAWS.forEach((name, pattern) -> redraws.put(name, count(pattern, written)));
        return new Run(ui, columns, rows, tokens, Files.size(bytes), count(Pattern.compile("\u001b\\[\\?2026h"), written),
                redraws, count(Pattern.compile("\u001b\\[0?J"), written));
    }

    /** About 2,000 tokens: headings, paragraphs, lists, a code block, a save of 40 lines and a command. */
    private static String reply() {
        StringBuilder text = new StringBuilder("# A guide to the project\n\n");
        for (int section = 1; section <= 9; section++) {
            text.append("## Part ").append(section).append("\n\n");
            text.append(("This part explains how piece " + section + " fits with the others, why it was built"
                    + " this way, and what to watch for when you change it. ").repeat(4)).append("\n\n");
            text.append("- first, read the **tests** of piece ").append(section).append('\n')
                    .append("- then run `make check` and look at the output\n")
                    .append("- finally, write down what surprised you\n\n");
            text.append("```java\nclass Piece").append(section).append(" {\n    int size() { return ")
                    .append(section).append("; }\n}\n```\n\n");
        }
        text.append("I'll save the guide.\n\n```save GUIDE.md\n")
                .append(IntStream.rangeClosed(1, 40).mapToObj(i -> "Guide line " + i + ": what to know.\n")
                        .collect(Collectors.joining()))
                .append("```\n\nAnd check it.\n\n```shell\nwc -l GUIDE.md\n```\n");
        return text.toString();
    }

    private static int count(Pattern pattern, String text) {
        Matcher m = pattern.matcher(text);
        int n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }
}
