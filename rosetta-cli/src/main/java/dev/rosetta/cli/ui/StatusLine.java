package dev.rosetta.cli.ui;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

import dev.rosetta.agent.tokens.Dollars;
import dev.rosetta.cli.render.TerminalStyle;
import dev.rosetta.cli.render.Tone;

/**
 * The line under the prompt: {@code gpt-4.1 · markdown · 12k/1M (1%) · 30k in · 2.1k out ·
 * $0.0123}, led during a turn by how long it has run and how to stop it ({@code ⠹ 12s · Esc
 * interrupts}). On a narrow screen the least needed parts go first (cost, then tokens out and
 * in), so the line never wraps.
 */
final class StatusLine {

    static final String BUSY_HINT = "Esc interrupts";
    private static final String SEPARATOR = " · ";

    private StatusLine() {}

    /**
     * @param model   the model's short name
     * @param format  the tool format's name
     * @param window  the model's context window in tokens
     * @param counts  tokens and cost so far
     * @param running how long the turn has run; null between turns
     * @param glyph   the spinner's frame, shown while a turn runs
     */
    record Facts(String model, String format, long window, Counts counts, Duration running, String glyph) {}

    static String of(Facts facts, int width, TerminalStyle style) {
        List<Part> parts = parts(facts);
        List<Part> shown = new ArrayList<>(parts);
        while (shown.size() > 1 && plainWidth(shown) > width - 1) {
            shown.remove(shown.stream().max(Comparator.comparingInt(Part::dropOrder)).orElseThrow());
        }
        StringBuilder line = new StringBuilder();
        for (Part p : shown) {
            line.append(line.isEmpty() ? "" : style.paint(SEPARATOR, Tone.DIM)).append(style.paint(p.text(), p.tones()));
        }
        return Columns.fit(line.toString(), Math.max(1, width - 1));
    }

    private static List<Part> parts(Facts f) {
        List<Part> parts = new ArrayList<>();
        if (f.running() != null) {
            parts.add(new Part(f.glyph() + " " + seconds(f.running()), 0, Tone.CYAN));
            parts.add(new Part(BUSY_HINT, 1, Tone.DIM));
        }
        parts.add(new Part(f.model(), 2, Tone.BOLD));
        parts.add(new Part(f.format(), 3, Tone.DIM));
        Counts c = f.counts();
        String about = c.estimated() ? "≈" : "";
        long percent = f.window() <= 0 ? 0 : Math.round(100.0 * c.context() / f.window());
        parts.add(new Part(about + compact(c.context()) + "/" + compact(f.window()) + " (" + percent + "%)", 4,
                percent >= 90 ? Tone.RED : percent >= 70 ? Tone.YELLOW : Tone.DIM));
        parts.add(new Part(about + compact(c.input()) + " in", 6, Tone.DIM));
        parts.add(new Part(about + compact(c.output()) + " out", 7, Tone.DIM));
        if (c.cost() != null) {
            parts.add(new Part(Dollars.of(c.cost()), 8, Tone.DIM));
        }
        return parts;
    }

    /** 950, 1.2k, 34k, 1.0M: counts the eye takes in at once. */
    static String compact(long n) {
        if (n < 1_000) {
            return Long.toString(n);
        }
        if (n < 10_000) {
            return String.format(Locale.ROOT, "%.1fk", n / 1_000.0);
        }
        if (n < 1_000_000) {
            return (n / 1_000) + "k";
        }
        if (n < 10_000_000) {
            return String.format(Locale.ROOT, "%.1fM", n / 1_000_000.0);
        }
        return (n / 1_000_000) + "M";
    }

    private static String seconds(Duration d) {
        long s = d.toSeconds();
        return s < 60 ? s + "s" : (s / 60) + "m " + (s % 60) + "s";
    }

    private static int plainWidth(List<Part> parts) {
        int width = 0;
        for (Part p : parts) {
            width += Columns.width(p.text()) + (width == 0 ? 0 : SEPARATOR.length());
        }
        return width;
    }

    /** A piece of the line; the one with the highest drop order goes first when the line is too long. */
    private record Part(String text, int dropOrder, Tone... tones) {}
}
