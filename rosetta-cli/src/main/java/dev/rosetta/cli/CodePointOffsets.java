package dev.rosetta.cli;

/**
 * Turns the UTF-16 offsets segments carry into code-point offsets, the characters Python and
 * most other consumers count: an emoji is one character to them and two to Java. Offsets are
 * asked for in increasing order (segments come in message order), so one forward pass over
 * the text answers all of them.
 */
final class CodePointOffsets implements Offsets {

    private final CharSequence text;
    private int utf16;
    private int codePoints;

    CodePointOffsets(CharSequence text) {
        this.text = text;
    }

    /** The number of code points before the UTF-16 offset {@code offset}. */
    @Override
    public int at(int offset) {
        if (offset < utf16) {
            // Out of order: never expected, but restarting keeps the answer right.
            utf16 = 0;
            codePoints = 0;
        }
        codePoints += Character.codePointCount(text, utf16, offset);
        utf16 = offset;
        return codePoints;
    }
}
