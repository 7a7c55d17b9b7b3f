package dev.rosetta.core.dialect.xml;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Finds the end of a start tag ({@code <shell args="x y">}) as its characters arrive, resuming
 * where it stopped, then takes the finished tag apart. A {@code <} that cannot begin a tag is
 * text at once; one that could is held only until its {@code >}, at most {@link #MAX_LENGTH}
 * characters, and a quoted value may not run past its line, so a stray {@code <} or quote never
 * holds back much.
 */
final class StartTag {

    static final int MAX_LENGTH = 4096;
    static final int MAX_NAME = 128;

    enum Status {
        /** Could still be a tag; the text ends before its {@code >}. */
        PENDING,
        /** Not a tag: the {@code <} is text. */
        NOT_A_TAG,
        /** A whole tag; see {@link #tag}. */
        COMPLETE
    }

    /**
     * A finished start tag.
     *
     * @param name        as written, prefix included
     * @param attributes  decoded values, in order; the first of a repeated name wins
     * @param selfClosing whether it ends with {@code />}
     * @param start       the index of its {@code <}
     * @param end         the index after its {@code >}
     */
    record Tag(String name, Map<String, String> attributes, boolean selfClosing, int start, int end) {
        String localName() {
            return XmlText.localName(name);
        }
    }

    private enum State { NAME, BETWEEN, AFTER_EQUALS, QUOTED, UNQUOTED }

    private final int start;
    private int scan;
    private State state = State.NAME;
    private char quote;
    private int nameEnd;
    private Status status = Status.PENDING;

    StartTag(int start) {
        this.start = start;
        this.scan = start + 1;
    }

    int start() {
        return start;
    }

    /** Reads on up to {@code limit}. Once the answer is NOT_A_TAG or COMPLETE it stays so. */
    Status scan(CharSequence text, int limit) {
        while (status == Status.PENDING && scan < limit) {
            if (scan - start >= MAX_LENGTH) {
                status = Status.NOT_A_TAG;
                break;
            }
            step(text.charAt(scan));
            scan++;
        }
        return status;
    }

    private void step(char c) {
        switch (state) {
            case NAME -> {
                if (scan == start + 1) {
                    if (!XmlText.isNameStart(c)) {
                        status = Status.NOT_A_TAG;
                    }
                } else if (c == '>') {
                    nameEnd = scan;
                    status = Status.COMPLETE;
                } else if (XmlText.isSpace(c) || c == '/') {
                    nameEnd = scan;
                    state = State.BETWEEN;
                } else if (!XmlText.isNameChar(c) || scan - start > MAX_NAME) {
                    status = Status.NOT_A_TAG;
                }
            }
            case BETWEEN -> {
                if (c == '>') {
                    status = Status.COMPLETE;
                } else if (c == '=') {
                    state = State.AFTER_EQUALS;
                } else if (c == '<' || c == '"' || c == '\'') {
                    status = Status.NOT_A_TAG;
                }
            }
            case AFTER_EQUALS -> {
                if (c == '"' || c == '\'') {
                    quote = c;
                    state = State.QUOTED;
                } else if (c == '>') {
                    status = Status.COMPLETE;
                } else if (c == '<') {
                    status = Status.NOT_A_TAG;
                } else if (!XmlText.isSpace(c)) {
                    state = State.UNQUOTED;
                }
            }
            case QUOTED -> {
                if (c == quote) {
                    state = State.BETWEEN;
                } else if (c == '\n') {
                    status = Status.NOT_A_TAG;
                }
            }
            case UNQUOTED -> {
                if (c == '>') {
                    status = Status.COMPLETE;
                } else if (XmlText.isSpace(c)) {
                    state = State.BETWEEN;
                } else if (c == '<' || c == '"' || c == '\'') {
                    status = Status.NOT_A_TAG;
                }
            }
        }
    }

    /** The tag, once {@link #scan} said COMPLETE. */
    Tag tag(CharSequence text) {
        int end = scan;
        String name = text.subSequence(start + 1, nameEnd).toString();
        Map<String, String> attributes = new LinkedHashMap<>();
        boolean selfClosing = new AttributeReader(text, nameEnd, end - 1, attributes).read();
        return new Tag(name, Collections.unmodifiableMap(attributes), selfClosing, start, end);
    }

    /** Reads the attributes in [from, gt) of a tag the scanner accepted, and whether it self-closes. */
    private static final class AttributeReader {
        private final CharSequence text;
        private final int gt;
        private final Map<String, String> into;
        private int i;
        private boolean selfClosing;

        AttributeReader(CharSequence text, int from, int gt, Map<String, String> into) {
            this.text = text;
            this.gt = gt;
            this.into = into;
            this.i = from;
        }

        boolean read() {
            for (skipSpace(); i < gt; skipSpace()) {
                if (text.charAt(i) == '/') {
                    i++;
                    skipSpace();
                    selfClosing = i >= gt;
                    continue;
                }
                int nameFrom = i;
                while (i < gt && !XmlText.isSpace(text.charAt(i)) && text.charAt(i) != '=' && text.charAt(i) != '/') {
                    i++;
                }
                String name = text.subSequence(nameFrom, i).toString();
                skipSpace();
                String value = "";
                if (i < gt && text.charAt(i) == '=') {
                    i++;
                    skipSpace();
                    value = value();
                }
                if (!name.isEmpty()) {
                    into.putIfAbsent(name, value);
                }
            }
            return selfClosing;
        }

        private String value() {
            if (i >= gt) {
                return "";
            }
            char q = text.charAt(i);
            if (q == '"' || q == '\'') {
                int from = ++i;
                while (text.charAt(i) != q) {
                    i++;
                }
                return XmlText.decodeAttribute(text.subSequence(from, i++).toString());
            }
            int from = i;
            while (i < gt && !XmlText.isSpace(text.charAt(i))) {
                i++;
            }
            int to = i;
            if (i == gt && text.charAt(i - 1) == '/') {
                // <read args=notes.md/> : the slash closes the tag, as in XML (HTML would keep it).
                to--;
                selfClosing = true;
            }
            return XmlText.decodeAttribute(text.subSequence(from, to).toString());
        }

        private void skipSpace() {
            while (i < gt && XmlText.isSpace(text.charAt(i))) {
                i++;
            }
        }
    }
}
