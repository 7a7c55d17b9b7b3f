package dev.rosetta.cli.ui;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.jline.utils.AttributedString;

import dev.rosetta.cli.render.TerminalStyle;
import dev.rosetta.cli.render.Tone;

/**
 * The lines of the live region above the prompt, for a screen of a given size: the line of prose
 * being written (wrapped), or what the turn is doing (waiting, reasoning, writing a call, running
 * one with the last lines it printed), or the confirmation with its preview (scrolled, never cut:
 * what the user approves is all on screen, a window at a time); then the messages
 * queued for after the turn. It never takes more rows than leave room for the prompt and the
 * status line, so the region is redrawn in place and never scrolls the screen.
 */
final class LiveLayout {

    static final String SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏";
    /** Lines of a running tool's output shown at once. */
    static final int TAIL_LINES = 5;
    private static final int QUEUED_SHOWN = 3;
    private static final int MIN_ROWS = 3;

    private final TerminalStyle style;

    LiveLayout(TerminalStyle style) {
        this.style = style;
    }

    /**
     * What the live region holds now.
     *
     * @param partial  the prose line being written, styled; empty when none
     * @param activity what the turn is doing
     * @param question the confirmation waiting, or null
     * @param queued   messages waiting for the turn to end
     * @param glyph    the spinner's frame
     * @param now      the clock, for how long a tool has run
     */
    record Content(String partial, Activity activity, Question question, List<String> queued, String glyph,
            long now) {}

    List<AttributedString> lines(Content content, int width, int rows) {
        List<AttributedString> queued = queued(content.queued(), width);
        // The prompt, the status line and a spare row stay free, and the queue shows as it can.
        int budget = Math.max(MIN_ROWS, rows - 3 - queued.size());
        List<AttributedString> lines = new ArrayList<>();
        if (content.question() != null) {
            lines.addAll(question(content.question(), width, budget));
        } else {
            lines.addAll(activity(content, width, budget));
        }
        lines.addAll(queued);
        return lines;
    }

    private List<AttributedString> activity(Content content, int width, int budget) {
        List<AttributedString> lines = new ArrayList<>();
        if (!content.partial().isEmpty()) {
            List<AttributedString> rows = Columns.rows(Columns.line(content.partial()), width);
            lines.addAll(rows.subList(Math.max(0, rows.size() - budget), rows.size()));
            return lines;
        }
        String glyph = style.paint(content.glyph(), Tone.CYAN);
        switch (content.activity()) {
            case Activity.Idle idle -> { }
            case Activity.Waiting w -> lines.add(fit(glyph + " " + style.paint(w.label(), Tone.DIM), width));
            case Activity.Thinking t -> lines.add(fit(thinking(t.text(), glyph), width));
            case Activity.WritingCall c -> lines.add(fit(glyph + " " + style.paint("writing a ", Tone.DIM)
                    + style.paint(c.tool(), Tone.BOLD) + style.paint(" call", Tone.DIM), width));
            case Activity.Running r -> {
                long seconds = Duration.ofNanos(content.now() - r.startedNanos()).toSeconds();
                lines.add(fit(glyph + " " + r.header() + style.paint(" · " + seconds + "s", Tone.DIM), width));
                for (String out : r.tail().lastLines(Math.min(TAIL_LINES, budget - 1))) {
                    lines.add(fit(Blocks.INDENT + style.paint(out, Tone.DIM), width));
                }
            }
        }
        return lines;
    }

    /** One line: how much the model has reasoned, and the end of it, dimmed. */
    private String thinking(StringBuilder text, String glyph) {
        String all = text.toString().strip();
        int words = all.isEmpty() ? 0 : all.split("\\s+").length;
        String latest = all.length() > 200 ? all.substring(all.length() - 200) : all;
        latest = latest.replaceAll("\\s+", " ");
        return glyph + " " + style.paint(Blocks.THINKING_GUTTER + "thinking · " + words + (words == 1 ? " word" : " words")
                + (latest.isEmpty() ? "" : " · …" + latest), Tone.DIM, Tone.ITALIC);
    }

    /**
     * The preview, then the question and any note under it. A preview taller than the region is
     * never cut: a window of it shows, under it which lines those are and the keys that scroll.
     */
    private List<AttributedString> question(Question q, int width, int budget) {
        List<AttributedString> preview = new ArrayList<>();
        List<Integer> lineOfRow = new ArrayList<>();
        String[] source = q.preview().isEmpty() ? new String[0] : q.preview().stripTrailing().split("\n", -1);
        for (int i = 0; i < source.length; i++) {
            for (AttributedString row : Columns.rows(Columns.line(source[i]), width)) {
                preview.add(row);
                lineOfRow.add(i + 1);
            }
        }
        int room = Math.max(2, budget - 1 - (q.note().isEmpty() ? 0 : 1));
        List<AttributedString> lines = new ArrayList<>();
        if (preview.size() <= room) {
            q.top(preview.size(), preview.size());
            lines.addAll(preview);
        } else {
            int window = room - 1;
            int top = q.top(window, preview.size());
            int end = top + window;
            lines.addAll(preview.subList(top, end));
            lines.add(fit(where(lineOfRow.get(top), lineOfRow.get(end - 1), source.length, top > 0,
                    end < preview.size()), width));
        }
        lines.add(fit(q.prompt(), width));
        if (!q.note().isEmpty()) {
            lines.add(fit(style.paint(q.note(), Tone.DIM), width));
        }
        return lines;
    }

    /** "lines 1–19 of 81 · ▼ more below: ↓ PgDn Space": which lines show, and which way there is more. */
    private String where(int first, int last, int of, boolean above, boolean below) {
        String lines = Blocks.INDENT + "lines " + first + "–" + last + " of " + of;
        if (!below) {
            return style.paint(lines + " (the end) · ↑ PgUp scroll back", Tone.DIM);
        }
        return style.paint(lines + " · ", Tone.DIM) + style.paint("▼ more below: ↓ PgDn Space", Tone.BOLD)
                + (above ? style.paint(" · ↑ PgUp back", Tone.DIM) : "");
    }

    private List<AttributedString> queued(List<String> queued, int width) {
        List<AttributedString> lines = new ArrayList<>();
        for (int i = 0; i < Math.min(QUEUED_SHOWN, queued.size()); i++) {
            String text = Blocks.oneLine(queued.get(i));
            lines.add(fit(style.paint("↳ queued: ", Tone.DIM) + text, width));
        }
        if (queued.size() > QUEUED_SHOWN) {
            lines.add(fit(style.paint("↳ and " + (queued.size() - QUEUED_SHOWN) + " more queued", Tone.DIM), width));
        }
        return lines;
    }

    private static AttributedString fit(String ansi, int width) {
        return Columns.fit(Columns.line(ansi), Math.max(1, width - 1));
    }
}
