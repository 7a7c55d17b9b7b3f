package dev.rosetta.tools.shell.syntax;

import java.util.List;

/**
 * One shell word as bash will expand it: the characters known now ({@link Piece.Text}, quotes
 * removed) and the parts whose value only the run will tell ({@link Piece.Unknown}: a variable,
 * a command's output, a glob, a brace expansion). The commands a word runs while it is expanded —
 * command and process substitutions, at any depth — are in {@code scripts}.
 *
 * @param source           the word as written
 * @param pieces           what it expands to, in order
 * @param scripts          the scripts its substitutions run
 * @param arithmeticNames  the variables it evaluates as arithmetic (where a value can hide code)
 * @param hazards          why parts of it run code that no word shows ({@code ${x@P}}), if any
 */
public record Word(String source, List<Piece> pieces, List<Script> scripts, List<String> arithmeticNames,
        List<String> hazards) {

    public Word {
        pieces = List.copyOf(pieces);
        scripts = List.copyOf(scripts);
        arithmeticNames = List.copyOf(arithmeticNames);
        hazards = List.copyOf(hazards);
    }

    /** A word of plain text, as a rule or a test writes one. */
    public static Word of(String text) {
        return new Word(text, List.of(new Piece.Text(text)), List.of(), List.of(), List.of());
    }

    /** Whether every character of the word is known before it runs. */
    public boolean known() {
        return pieces.stream().allMatch(p -> p instanceof Piece.Text);
    }

    /** The word's value when {@link #known()}; else its known parts with each unknown part as written. */
    public String text() {
        StringBuilder out = new StringBuilder();
        for (Piece p : pieces) {
            out.append(switch (p) {
                case Piece.Text t -> t.text();
                case Piece.Unknown u -> u.source();
            });
        }
        return out.toString();
    }

    /** What a word is made of. */
    public sealed interface Piece {

        /** Characters whose value is known. */
        record Text(String text) implements Piece {}

        /**
         * A part whose value is known only when it runs: it may be any text, and, unless quoted,
         * any number of words.
         */
        record Unknown(String source, Kind kind) implements Piece {}

        enum Kind {
            /** {@code $x}, {@code ${x:-y}}, {@code $1}, {@code $@} */
            PARAMETER,
            /** {@code $(…)}, backticks */
            COMMAND_OUTPUT,
            /** {@code <(…)}, {@code >(…)}: a path to a pipe */
            PROCESS,
            /** {@code $((…))}, {@code $[…]} */
            ARITHMETIC,
            /** {@code *}, {@code ?}, {@code [a-z]}, {@code @(…)}: file names */
            GLOB,
            /** {@code {a,b}}, {@code {1..9}}: several words */
            BRACE,
            /** {@code $"…"}: a translation */
            TRANSLATED,
            /** {@code ~}, {@code ~user}: a home folder, always the same one */
            TILDE
        }
    }
}
