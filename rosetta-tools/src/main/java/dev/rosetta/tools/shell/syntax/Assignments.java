package dev.rosetta.tools.shell.syntax;

import java.util.ArrayList;
import java.util.List;

/** Reading assignments: {@code NAME=value}, {@code NAME+=value}, {@code NAME[i]=value}, {@code NAME=(a b)}. */
final class Assignments {

    private Assignments() {}

    /** Whether an assignment starts at the cursor. */
    static boolean startsHere(Source src) {
        return equalsSign(src) >= 0;
    }

    /** Where the {@code =} of an assignment starting at the cursor is, or -1. */
    private static int equalsSign(Source src) {
        String t = src.text;
        int i = src.pos;
        if (i >= t.length() || !(Character.isLetter(t.charAt(i)) && t.charAt(i) < 128 || t.charAt(i) == '_')) {
            return -1;
        }
        while (i < t.length() && WordReader.isNameChar(t.charAt(i))) {
            i++;
        }
        if (i < t.length() && t.charAt(i) == '[') {
            int depth = 0;
            for (; i < t.length() && src.spend(1); i++) {
                char c = t.charAt(i);
                if (c == '[') {
                    depth++;
                } else if (c == ']' && --depth == 0) {
                    break;
                } else if (c == '\n') {
                    return -1;
                }
            }
            i++;
        }
        if (i < t.length() && t.charAt(i) == '+') {
            i++;
        }
        return i < t.length() && t.charAt(i) == '=' ? i : -1;
    }

    static Command.Assignment read(BashParser p) {
        Source src = p.src;
        int start = src.pos;
        int eq = equalsSign(src);
        String name = Arithmetic.nameAt(src.text, start);
        Word subscript = null;
        int open = start + name.length();
        if (src.at(open) == '[') {
            WordParts parts = new WordParts();
            p.words.arithmetic(parts, open, 1, "]");
            subscript = parts.word(src.text.substring(open, src.pos));
        }
        src.pos = eq + 1;
        if (src.peek() == '(') {
            src.pos++;
            List<Word> values = new ArrayList<>();
            while (!src.failed()) {
                p.blanksAndNewlines();
                if (src.atEnd()) {
                    src.fail("an array's ( is not closed");
                } else if (src.peek() == ')') {
                    src.pos++;
                    break;
                } else {
                    Word w = p.words.read();
                    if (w.source().isEmpty()) {
                        src.fail("unexpected '" + p.token() + "' in an array");
                    }
                    values.add(w);
                }
            }
            src.emit(src.text.substring(start, src.pos));
            return new Command.Assignment(name, values, true, subscript);
        }
        Word value = p.words.read();
        src.emit(src.text.substring(start, src.pos));
        return new Command.Assignment(name, List.of(value), false, subscript);
    }

    /** An assignment given to {@code declare}, {@code export}… as the word it is for that command. */
    static Word asWord(Command.Assignment a, String source) {
        WordParts parts = new WordParts();
        parts.literal(a.name() + "=");
        if (a.subscript() != null) {
            parts.absorb(wordParts(a.subscript()));
        }
        for (Word v : a.values()) {
            if (a.array()) {
                parts.unknown(v.source(), Word.Piece.Kind.PARAMETER);
                parts.absorb(wordParts(v));
            } else {
                parts.append(wordParts(v));
            }
        }
        return parts.word(source);
    }

    private static WordParts wordParts(Word w) {
        WordParts parts = new WordParts();
        for (Word.Piece piece : w.pieces()) {
            switch (piece) {
                case Word.Piece.Text t -> parts.literal(t.text());
                case Word.Piece.Unknown u -> parts.unknown(u.source(), u.kind());
            }
        }
        parts.scripts.addAll(w.scripts());
        parts.arithmeticNames.addAll(w.arithmeticNames());
        parts.hazards.addAll(w.hazards());
        return parts;
    }
}
