package dev.rosetta.core.dialect.xml;

import dev.rosetta.core.split.Input.Match;

/**
 * The little of XML the dialect needs, done by hand: names, the five predefined entities and
 * numeric references in attribute values, CDATA sections, and the line breaks that frame a
 * body. Never an XML library: no DTDs, no entity expansion, nothing decoded in bodies.
 */
public final class XmlText {

    public static final String CDATA_OPEN = "<![CDATA[";
    public static final String CDATA_CLOSE = "]]>";

    private XmlText() {}

    /** How {@code want} matches at {@code at} in text visible up to {@code limit}; see {@link Match}. */
    static Match match(CharSequence text, int at, int limit, boolean complete, String want) {
        for (int k = 0; k < want.length(); k++) {
            if (at + k >= limit) {
                return complete ? Match.NO : Match.PARTIAL;
            }
            if (text.charAt(at + k) != want.charAt(k)) {
                return Match.NO;
            }
        }
        return Match.YES;
    }

    public static boolean isNameStart(char c) {
        return Character.isLetter(c) || c == '_';
    }

    public static boolean isNameChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '-' || c == '.' || c == ':';
    }

    public static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
    }

    /** Whether {@code name} can be written as a tag or attribute name. */
    static boolean isName(String name) {
        if (name.isEmpty() || !isNameStart(name.charAt(0))) {
            return false;
        }
        return name.chars().allMatch(c -> isNameChar((char) c));
    }

    /** The part of a qualified name after its prefix: {@code antml:invoke} → {@code invoke}. */
    static String localName(String name) {
        return name.substring(name.lastIndexOf(':') + 1);
    }

    /**
     * A body as the tool gets it: without the one line break after the opening tag and the one
     * before the closing tag, with CDATA sections unwrapped.
     */
    static String body(String raw) {
        int from = 0;
        int to = raw.length();
        if (raw.startsWith("\r\n")) {
            from = 2;
        } else if (raw.startsWith("\n")) {
            from = 1;
        }
        if (to - from >= 2 && raw.startsWith("\r\n", to - 2)) {
            to -= 2;
        } else if (to > from && raw.charAt(to - 1) == '\n') {
            to -= 1;
        }
        return unwrapCdata(raw.substring(from, to));
    }

    /** The text with each {@code <![CDATA[…]]>} replaced by what it holds. */
    public static String unwrapCdata(String text) {
        int open = text.indexOf(CDATA_OPEN);
        if (open < 0) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length());
        int from = 0;
        while (open >= 0) {
            int close = text.indexOf(CDATA_CLOSE, open + CDATA_OPEN.length());
            out.append(text, from, open);
            if (close < 0) {
                out.append(text, open + CDATA_OPEN.length(), text.length());
                return out.toString();
            }
            out.append(text, open + CDATA_OPEN.length(), close);
            from = close + CDATA_CLOSE.length();
            open = text.indexOf(CDATA_OPEN, from);
        }
        return out.append(text, from, text.length()).toString();
    }

    /** The body in one CDATA section; a {@code ]]>} inside is split across two sections. */
    static String cdata(String body) {
        return CDATA_OPEN + body.replace(CDATA_CLOSE, "]]]]>" + CDATA_OPEN + ">") + CDATA_CLOSE;
    }

    /** Decodes the predefined entities and numeric references; anything else stays as written. */
    static String decodeAttribute(String value) {
        int amp = value.indexOf('&');
        if (amp < 0) {
            return value;
        }
        StringBuilder out = new StringBuilder(value.length());
        int i = 0;
        while (amp >= 0) {
            out.append(value, i, amp);
            int semi = value.indexOf(';', amp + 1);
            String decoded = semi < 0 || semi - amp > 12 ? null : entity(value.substring(amp + 1, semi));
            if (decoded == null) {
                out.append('&');
                i = amp + 1;
            } else {
                out.append(decoded);
                i = semi + 1;
            }
            amp = value.indexOf('&', i);
        }
        return out.append(value, i, value.length()).toString();
    }

    private static String entity(String name) {
        switch (name) {
            case "lt": return "<";
            case "gt": return ">";
            case "amp": return "&";
            case "quot": return "\"";
            case "apos": return "'";
            default: break;
        }
        if (name.length() < 2 || name.charAt(0) != '#') {
            return null;
        }
        boolean hex = name.charAt(1) == 'x' || name.charAt(1) == 'X';
        try {
            int cp = Integer.parseInt(name.substring(hex ? 2 : 1), hex ? 16 : 10);
            return Character.isValidCodePoint(cp) && cp != 0 ? Character.toString(cp) : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /**
     * The value for a double-quoted attribute. Line breaks become references because the reader
     * takes a quoted value that runs past its line for stray text, not a tag.
     */
    static String escapeAttribute(String value) {
        StringBuilder out = new StringBuilder(value.length() + 8);
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '"' -> out.append("&quot;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '\n' -> out.append("&#10;");
                case '\r' -> out.append("&#13;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }
}
