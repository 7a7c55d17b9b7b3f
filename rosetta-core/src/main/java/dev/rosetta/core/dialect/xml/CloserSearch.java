package dev.rosetta.core.dialect.xml;

import dev.rosetta.core.split.Input.Match;

/**
 * Looks for an element's closing tag ({@code </shell>}) in its raw body, resuming where it
 * stopped. Only the closer and CDATA sections mean anything in a body: inside
 * {@code <![CDATA[…]]>} the closer does not close, and every other character is content.
 */
final class CloserSearch {

    private final String closer;
    private int scan;
    private boolean inCdata;

    CloserSearch(String closer, int from) {
        this.closer = closer;
        this.scan = from;
    }

    /** The closing tag {@code </name>} of an element named {@code name}. */
    static String closerOf(String name) {
        return "</" + name + ">";
    }

    String closer() {
        return closer;
    }

    /**
     * The index where the closer starts, or -1 when it is not in the text yet. Holds at a
     * {@code <} or {@code ]} only while it could still begin the closer or a CDATA delimiter.
     */
    int find(CharSequence text, int limit, boolean complete) {
        int i = scan;
        while (i < limit) {
            char c = text.charAt(i);
            if (inCdata) {
                if (c == ']') {
                    Match m = XmlText.match(text, i, limit, complete, XmlText.CDATA_CLOSE);
                    if (m == Match.PARTIAL) {
                        break;
                    }
                    if (m == Match.YES) {
                        inCdata = false;
                        i += XmlText.CDATA_CLOSE.length();
                        continue;
                    }
                }
                i++;
                continue;
            }
            if (c == '<') {
                Match close = XmlText.match(text, i, limit, complete, closer);
                if (close == Match.YES) {
                    scan = i;
                    return i;
                }
                Match cdata = XmlText.match(text, i, limit, complete, XmlText.CDATA_OPEN);
                if (cdata == Match.YES) {
                    inCdata = true;
                    i += XmlText.CDATA_OPEN.length();
                    continue;
                }
                if (close == Match.PARTIAL || cdata == Match.PARTIAL) {
                    break;
                }
            }
            i++;
        }
        scan = i;
        return -1;
    }

    /** The same search over a finished text (an {@code <invoke>}'s body), from {@code from}. */
    static int findIn(String text, int from, String closer) {
        return new CloserSearch(closer, from).find(text, text.length(), true);
    }
}
