package dev.rosetta.cli.render;

/**
 * Colours code one line at a time, carrying across lines only what spans them: a block comment,
 * a triple-quoted string, an open tag, the side of a patch hunk. One instance per block of code.
 * Without colour, or for a language it does not know, lines pass through unchanged.
 */
public final class CodeHighlighter {

    private enum Side { NONE, ORIGINAL, UPDATED }

    private final Language language;
    private final TerminalStyle style;
    private String openUntil;  // the closer of the comment or string that spans lines
    private Tone openTone;
    private boolean inTag;
    private Side side = Side.NONE;

    public CodeHighlighter(Language language, TerminalStyle style) {
        this.language = language;
        this.style = style;
    }

    /** One line (without its line break), styled. The text must already be safe. */
    public String line(String text) {
        if (!style.colour() || language == null) {
            return text;
        }
        return switch (language.kind()) {
            case CODE -> new Scan(text).code();
            case MARKUP -> new Scan(text).markup();
            case MERGE -> merge(text);
        };
    }

    private String merge(String text) {
        if (text.startsWith("<<<<<<<")) {
            side = Side.ORIGINAL;
            return style.paint(text, Tone.YELLOW);
        }
        if (text.startsWith("=======") && side == Side.ORIGINAL) {
            side = Side.UPDATED;
            return style.paint(text, Tone.YELLOW);
        }
        if (text.startsWith(">>>>>>>")) {
            side = Side.NONE;
            return style.paint(text, Tone.YELLOW);
        }
        return switch (side) {
            case ORIGINAL -> style.paint(text, Tone.RED);
            case UPDATED -> style.paint(text, Tone.GREEN);
            case NONE -> text;
        };
    }

    /** A cursor over one line, writing the styled line as it goes. */
    private final class Scan {

        private final String text;
        private final StringBuilder out = new StringBuilder();
        private int i;

        Scan(String text) {
            this.text = text;
        }

        String code() {
            while (i < text.length()) {
                if (openUntil != null) {
                    continueOpen();
                } else if (!lineComment() && !opensSpan()) {
                    token();
                }
            }
            return out.toString();
        }

        String markup() {
            while (i < text.length()) {
                if (openUntil != null) {
                    continueOpen();
                } else if (inTag) {
                    insideTag();
                } else if (!opensSpan()) {
                    outsideTag();
                }
            }
            return out.toString();
        }

        /** Inside a comment or string begun on an earlier line (or earlier on this one). */
        private void continueOpen() {
            int end = text.indexOf(openUntil, i);
            int stop = end < 0 ? text.length() : end + openUntil.length();
            paint(stop, openTone);
            if (end >= 0) {
                openUntil = null;
            }
        }

        private boolean lineComment() {
            String start = language.lineComment();
            if (start == null || !text.startsWith(start, i)) {
                return false;
            }
            // "#" starts a comment only after a space: ${#x}, $# and url#anchor are not comments.
            if (start.equals("#") && i > 0 && !Character.isWhitespace(text.charAt(i - 1))) {
                return false;
            }
            paint(text.length(), Tone.GREY);
            return true;
        }

        /** A block comment or triple-quoted string: may run past this line. */
        private boolean opensSpan() {
            if (language.blockOpen() != null && text.startsWith(language.blockOpen(), i)) {
                open(language.blockOpen(), language.blockClose(), Tone.GREY);
                return true;
            }
            if (language.tripleQuotes()) {
                for (String q : new String[] {"\"\"\"", "'''"}) {
                    if (text.startsWith(q, i)) {
                        open(q, q, Tone.GREEN);
                        return true;
                    }
                }
            }
            return false;
        }

        /** Paints the span from its opener to its closer, or to the line's end and on to later lines. */
        private void open(String opener, String closer, Tone tone) {
            int end = text.indexOf(closer, i + opener.length());
            paint(end < 0 ? text.length() : end + closer.length(), tone);
            if (end < 0) {
                openUntil = closer;
                openTone = tone;
            }
        }

        private void token() {
            char c = text.charAt(i);
            if (language.quotes().indexOf(c) >= 0) {
                int end = stringEnd(c);
                paint(end, language.keysBeforeColon() && colonAt(end, false) ? Tone.BLUE : Tone.GREEN);
            } else if (language.variables() && c == '$' && i + 1 < text.length()) {
                paint(variableEnd(), Tone.CYAN);
            } else if (Character.isDigit(c) && !wordBefore()) {
                paint(wordEnd(i), Tone.CYAN);
            } else if (language.annotations() && c == '@' && i + 1 < text.length()
                    && Character.isJavaIdentifierStart(text.charAt(i + 1))) {
                paint(wordEnd(i + 1), Tone.YELLOW);
            } else if (Character.isJavaIdentifierStart(c) && !wordBefore()) {
                word();
            } else {
                out.append(c);
                i++;
            }
        }

        private void word() {
            int end = wordEnd(i);
            String word = text.substring(i, end);
            if (language.keywords().contains(word)) {
                paint(end, Tone.MAGENTA);
            } else if (language.keysBeforeColon() && colonAt(end, true)) {
                paint(end, Tone.BLUE);
            } else {
                paint(end, null);
            }
        }

        private void outsideTag() {
            char c = text.charAt(i);
            if (c == '<' && i + 1 < text.length() && "/?!".indexOf(text.charAt(i + 1)) >= 0
                    || c == '<' && i + 1 < text.length() && Character.isLetter(text.charAt(i + 1))) {
                int nameStart = i + 1;
                while (nameStart < text.length() && "/?!".indexOf(text.charAt(nameStart)) >= 0) {
                    nameStart++;
                }
                paint(markupNameEnd(nameStart), Tone.BLUE);
                inTag = true;
            } else if (c == '&' && text.indexOf(';', i) > i) {
                int end = text.indexOf(';', i) + 1;
                boolean entity = text.substring(i + 1, end - 1).matches("#?\\w{1,10}");
                paint(entity ? end : i + 1, entity ? Tone.CYAN : null);
            } else {
                out.append(c);
                i++;
            }
        }

        private void insideTag() {
            char c = text.charAt(i);
            if (c == '>' || (c == '/' || c == '?') && i + 1 < text.length() && text.charAt(i + 1) == '>') {
                paint(c == '>' ? i + 1 : i + 2, Tone.BLUE);
                inTag = false;
            } else if (c == '"' || c == '\'') {
                paint(stringEnd(c), Tone.GREEN);
            } else if (Character.isLetter(c) || c == '_' || c == ':') {
                paint(markupNameEnd(i), Tone.YELLOW);
            } else {
                out.append(c);
                i++;
            }
        }

        private int stringEnd(char quote) {
            int j = i + 1;
            while (j < text.length() && text.charAt(j) != quote) {
                j += text.charAt(j) == '\\' ? 2 : 1;
            }
            return Math.min(j + 1, text.length());
        }

        private int variableEnd() {
            if (text.charAt(i + 1) == '{') {
                int close = text.indexOf('}', i);
                return close < 0 ? text.length() : close + 1;
            }
            int end = wordEnd(i + 1);
            return end == i + 1 ? i + 2 : end; // $?, $1, $@
        }

        private int wordEnd(int from) {
            int j = from;
            while (j < text.length() && (Character.isJavaIdentifierPart(text.charAt(j)) || text.charAt(j) == '.'
                    && j + 1 < text.length() && Character.isDigit(text.charAt(j + 1)))) {
                j++;
            }
            return Math.max(j, from + 1);
        }

        private int markupNameEnd(int from) {
            int j = from;
            while (j < text.length()
                    && (Character.isLetterOrDigit(text.charAt(j)) || "_:.-".indexOf(text.charAt(j)) >= 0)) {
                j++;
            }
            return j;
        }

        private boolean wordBefore() {
            return i > 0 && (Character.isJavaIdentifierPart(text.charAt(i - 1)) || text.charAt(i - 1) == '-');
        }

        /** Whether a colon follows (after spaces); a bare word needs a space or the line end after it. */
        private boolean colonAt(int from, boolean bare) {
            int j = from;
            while (j < text.length() && text.charAt(j) == ' ') {
                j++;
            }
            if (j >= text.length() || text.charAt(j) != ':') {
                return false;
            }
            return !bare || j + 1 == text.length() || Character.isWhitespace(text.charAt(j + 1));
        }

        private void paint(int end, Tone tone) {
            String piece = text.substring(i, end);
            out.append(tone == null ? piece : style.paint(piece, tone));
            i = end;
        }
    }
}
