package dev.rosetta.core.dialect.cline;

import dev.rosetta.core.dialect.xml.XmlText;

/**
 * A parameter element's text as the tool gets it, and how to spell a value so it reads back. The
 * one line break right after the opening tag is the element's framing and is dropped; a value that
 * is one line is then stripped of the spaces around it ({@code <path> src/a.ts </path>},
 * {@code <path>\nsrc/a.ts\n</path>}), and a value of several lines (a file's text) is kept byte for
 * byte, its last line break included. A value that is one CDATA section is what the section holds.
 */
final class ClineValue {

    private ClineValue() {}

    /** The value the raw text between a parameter's tags stands for. */
    static String read(String raw) {
        String stripped = raw.strip();
        if (stripped.startsWith(XmlText.CDATA_OPEN) && stripped.endsWith(XmlText.CDATA_CLOSE)) {
            return XmlText.unwrapCdata(stripped);
        }
        String value = withoutFramingBreak(raw);
        int nl = value.indexOf('\n');
        return nl < 0 || nl == value.length() - 1 ? value.strip() : value;
    }

    private static String withoutFramingBreak(String raw) {
        if (raw.startsWith("\r\n")) {
            return raw.substring(2);
        }
        return raw.startsWith("\n") ? raw.substring(1) : raw;
    }

    /**
     * The text to put between the tags of {@code parameter} so that {@link #read} gives
     * {@code value} back: inline for one line, on the lines after the tag for several, and in a
     * CDATA section where neither would read back (spaces around one line, its closing tag inside).
     */
    static String spell(String value, String parameter) {
        String plain = value.indexOf('\n') >= 0 ? "\n" + value : value;
        if (!value.contains("</" + parameter + ">") && read(plain).equals(value)) {
            return plain;
        }
        return XmlText.CDATA_OPEN + value.replace(XmlText.CDATA_CLOSE, "]]]]>" + XmlText.CDATA_OPEN + ">")
                + XmlText.CDATA_CLOSE;
    }
}
