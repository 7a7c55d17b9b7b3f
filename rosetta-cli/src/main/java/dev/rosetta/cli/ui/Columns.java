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
