package dev.rosetta.tools.shell.syntax;

import java.util.ArrayList;
import java.util.List;

/** A word being read: its pieces so far, and what its expansions run and evaluate. */
final class WordParts {

    private final StringBuilder text = new StringBuilder();
    private final List<Word.Piece> pieces = new ArrayList<>();
    final List<Script> scripts = new ArrayList<>();
    final List<String> arithmeticNames = new ArrayList<>();
    final List<String> hazards = new ArrayList<>();

    void literal(char c) {
        text.append(c);
    }

    void literal(String s) {
        text.append(s);
    }

    void unknown(String source, Word.Piece.Kind kind) {
        flush();
        pieces.add(new Word.Piece.Unknown(source, kind));
    }

    /** Takes what a nested part ran and evaluated (its pieces are summed up by the caller as one unknown). */
    void absorb(WordParts inner) {
        scripts.addAll(inner.scripts);
        arithmeticNames.addAll(inner.arithmeticNames);
        hazards.addAll(inner.hazards);
    }

    /** Takes a nested part whole, pieces too (a double-quoted string inside a word). */
    void append(WordParts inner) {
        inner.flush();
        for (Word.Piece p : inner.pieces) {
            switch (p) {
                case Word.Piece.Text t -> text.append(t.text());
                case Word.Piece.Unknown u -> unknown(u.source(), u.kind());
            }
        }
        inner.pieces.clear();
        absorb(inner);
    }

    private void flush() {
        if (!text.isEmpty()) {
            pieces.add(new Word.Piece.Text(text.toString()));
            text.setLength(0);
        }
    }

    Word word(String source) {
        flush();
        return new Word(source, pieces, scripts, arithmeticNames, hazards);
    }
}
