package dev.rosetta.core.dialect.cline;

import dev.rosetta.core.dialect.xml.XmlText;
import dev.rosetta.core.split.Input;

/**
 * A bare opening tag, {@code <NAME>}, with no attributes: the only tag the Cline shape writes, for
 * the tool and for each parameter. Looked at as it arrives, at most {@link #MAX_NAME} characters.
 */
final class OpeningTag {

    static final int MAX_NAME = 128;
    /** What {@link #nameEnd} answers when the visible text ends before the tag could be told apart. */
    static final int NEED = -2;
    static final int NONE = -1;

    private OpeningTag() {}

    /**
     * The index of the {@code >} of a bare opening tag whose {@code <} is at {@code at}: NONE when
     * none is there, NEED when the text ends before that is known.
     */
    static int nameEnd(Input in, int at) {
        if (!in.has(at)) {
            return in.complete() ? NONE : NEED;
        }
        if (in.charAt(at) != '<') {
            return NONE;
        }
        int i = at + 1;
        while (in.has(i) && i - at <= MAX_NAME + 1) {
            char c = in.charAt(i);
            if (c == '>') {
                return i > at + 1 ? i : NONE;
            }
            boolean ok = i == at + 1 ? XmlText.isNameStart(c) : XmlText.isNameChar(c);
            if (!ok) {
                return NONE;
            }
            i++;
        }
        return in.has(i) || in.complete() ? NONE : NEED;
    }

    /** The name of the tag whose {@code >} {@link #nameEnd} found at {@code gt}. */
    static String name(Input in, int at, int gt) {
        return in.slice(at + 1, gt);
    }
}
