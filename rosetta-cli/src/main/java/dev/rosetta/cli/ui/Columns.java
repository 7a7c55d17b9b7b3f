package dev.rosetta.cli.ui;

import java.util.List;

import org.jline.utils.AttributedString;
import org.jline.utils.AttributedStringBuilder;

/**
 * Text measured in terminal columns, as JLine's display measures it (wcwidth: East Asian wide
 * characters and emoji take two columns, combining marks none), so that a line cut to fit here
 * is never wrapped by the display that draws it. Text holds our own SGR sequences only: anything
 * from outside has passed {@link dev.rosetta.cli.render.TerminalText} before it gets here.
 */
final class Columns {

    private static final String ELLIPSIS = "…";
    private static final int TAB_STOP = 8;

    private Columns() {}

    /** A line with SGR sequences as styled text, its tabs set to stops every eight columns as a terminal's are. */
    static AttributedString line(String ansi) {
        return AttributedString.fromAnsi(ansi, TAB_STOP);
    }

    /**
     * Whole lines with each tab spelled as the spaces it stands for, counted from the line's start
     * as {@link #line} counts them. A terminal sets its tab stops per screen row and never wraps at
     * a tab, so a line with raw tabs takes other rows on the screen than it was measured to take,
     * and what is drawn under it lands in the wrong rows.
     */
    static String expandTabs(String lines) {
        if (lines.indexOf('\t') < 0) {
            return lines;
        }
        String[] each = lines.split("\n", -1);
        StringBuilder out = new StringBuilder(lines.length() + 64);
        for (int i = 0; i < each.length; i++) {
            out.append(i == 0 ? "" : "\n").append(each[i].indexOf('\t') < 0 ? each[i] : line(each[i]).toAnsi());
        }
        return out.toString();
    }

    /** Whether the line shows nothing but spaces. */
    static boolean isBlank(String ansi) {
        return line(ansi).toString().isBlank();
    }

    /** How many columns the text takes (its SGR sequences take none). */
    static int width(String ansi) {
        return line(ansi).columnLength();
    }

    /** The text cut to {@code width} columns, ending with "…" when something was cut. */
    static AttributedString fit(AttributedString line, int width) {
        if (width <= 0) {
            return AttributedString.EMPTY;
        }
        if (line.columnLength() <= width) {
            return line;
        }
        return new AttributedStringBuilder().append(line.columnSubSequence(0, width - 1)).append(ELLIPSIS)
                .toAttributedString();
    }

    /** {@link #fit} for a line with SGR sequences; the result keeps them. */
    static String fit(String ansi, int width) {
        AttributedString line = line(ansi);
        return line.columnLength() <= width ? ansi : fit(line, width).toAnsi();
    }

    /** The rows a line takes on a screen {@code width} columns wide (at least one). */
    static List<AttributedString> rows(AttributedString line, int width) {
        List<AttributedString> rows = line.columnSplitLength(Math.max(1, width));
        return rows.isEmpty() ? List.of(AttributedString.EMPTY) : rows;
    }
}
