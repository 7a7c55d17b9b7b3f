package dev.rosetta.tools.permission;

import java.util.Arrays;
import java.util.List;

import dev.rosetta.tools.shell.syntax.Word;

/**
 * A command as rules match it: its words, one space between them, where a part known only when
 * it runs ({@code $x}, {@code $(…)}, a glob) is a hole that may be any text.
 */
final class CommandText {

    /** A hole in {@link #tokens}: any text at all. */
    static final int HOLE = -1;

    private final int[] tokens;
    private final String shown;

    private CommandText(int[] tokens, String shown) {
        this.tokens = tokens;
        this.shown = shown;
    }

    /** Words joined by one space; a {@code ~} counts as the text it is written as (it names one folder). */
    static CommandText of(List<Word> words) {
        StringBuilder shown = new StringBuilder();
        int[] out = new int[16];
        int n = 0;
        for (Word w : words) {
            if (!shown.isEmpty()) {
                out = grow(out, n + 1);
                out[n++] = ' ';
                shown.append(' ');
            }
            for (Word.Piece p : w.pieces()) {
                String text = switch (p) {
                    case Word.Piece.Text t -> t.text();
                    case Word.Piece.Unknown u -> u.kind() == Word.Piece.Kind.TILDE ? u.source() : null;
                };
                if (text == null) {
                    out = grow(out, n + 1);
                    out[n++] = HOLE;
                    shown.append(((Word.Piece.Unknown) p).source());
                } else {
                    out = grow(out, n + text.length());
                    for (int i = 0; i < text.length(); i++) {
                        out[n++] = text.charAt(i);
                    }
                    shown.append(text);
                }
            }
        }
        return new CommandText(Arrays.copyOf(out, n), shown.toString());
    }

    /** Plain text, no holes. */
    static CommandText plain(String text) {
        return new CommandText(text.chars().toArray(), text);
    }

    private static int[] grow(int[] a, int size) {
        return size <= a.length ? a : Arrays.copyOf(a, Math.max(size, a.length * 2));
    }

    int length() {
        return tokens.length;
    }

    int at(int i) {
        return tokens[i];
    }

    /** Whether every character is known. */
    boolean known() {
        for (int t : tokens) {
            if (t == HOLE) {
                return false;
            }
        }
        return true;
    }

    /** As written, holes shown by their source ({@code $x}). */
    @Override
    public String toString() {
        return shown;
    }
}
