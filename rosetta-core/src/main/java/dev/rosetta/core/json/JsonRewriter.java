package dev.rosetta.core.json;

import static dev.rosetta.core.json.JsonTokens.isKeyStart;
import static dev.rosetta.core.json.JsonTokens.isNumberChar;
import static dev.rosetta.core.json.JsonTokens.isNumberStart;
import static dev.rosetta.core.json.JsonTokens.isPlain;
import static dev.rosetta.core.json.JsonTokens.isSpace;
import static dev.rosetta.core.json.JsonTokens.isValueStart;
import static dev.rosetta.core.json.JsonTokens.isWordChar;
import static dev.rosetta.core.json.JsonTokens.isWordStart;
import static dev.rosetta.core.json.JsonTokens.normalizeNumber;
import static dev.rosetta.core.json.RepairSource.shorten;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * One left-to-right pass that writes strict JSON. The only lookahead is past a quote inside a
 * string (to decide whether it ends the string), bounded so the whole pass stays linear.
 */
final class JsonRewriter {

    /** The strict parser's own limit: anything nested deeper could never parse, so we stop there too. */
    private static final int MAX_DEPTH =
            Json.MAPPER.tokenStreamFactory().streamReadConstraints().getMaxNestingDepth();

    private final String in;
    private final int len;
    private final RepairSource source;
    private final StringBuilder out;
    private int pos;
    /** Open containers, innermost first: an explicit stack, as deep nesting must not overflow the thread's. */
    private final Deque<Container> open = new ArrayDeque<>();
    private int openObjects;
    private int openArrays;

    /** An object or array whose closer has not been seen yet. */
    private static final class Container {
        final boolean object;
        boolean empty = true;
        String key = "";

        Container(boolean object) {
            this.object = object;
        }
    }

    JsonRewriter(String in) {
        this.in = in;
        this.len = in.length();
        this.source = new RepairSource(in);
        this.out = new StringBuilder(len + 16);
    }

    String rewrite() {
        if (len > 0 && in.charAt(0) == '\uFEFF') {
            pos++;
        }
        skipSpace();
        if (pos == len) {
            throw new JsonRepairException("expected JSON, got empty input");
        }
        value();
        while (!open.isEmpty()) {
            next(open.peek());
        }
        skipSpace();
        if (pos < len && in.charAt(pos) == ';') { // statement habit from JavaScript and Python
            pos++;
            skipSpace();
        }
        if (pos < len) {
            throw fail("end of input after the JSON value");
        }
        return out.toString();
    }

    /** Writes a scalar whole, or opens a container for {@link #next} to fill. */
    private void value() {
        char c = pos < len ? in.charAt(pos) : 0;
        if (c == '{' || c == '[') {
            open(c);
        } else if (c == '"' || c == '\'') {
            string(false);
        } else if (isNumberStart(c)) {
            number();
        } else if (isWordStart(c)) {
            literal();
        } else {
            throw fail("a value");
        }
    }

    private void open(char opener) {
        if (open.size() >= MAX_DEPTH) {
            throw failAt(pos, "nesting deeper than " + MAX_DEPTH + " levels");
        }
        Container container = new Container(opener == '{');
        open.push(container);
        if (container.object) {
            openObjects++;
        } else {
            openArrays++;
        }
        out.append(opener);
        pos++;
    }

    /** Closes the innermost container, or starts its next member. */
    private void next(Container container) {
        boolean separated = container.empty || comma();
        if (closes(container)) {
            open.pop();
            if (container.object) {
                openObjects--;
            } else {
                openArrays--;
            }
        } else if (container.object) {
            member(container, separated);
        } else {
            element(container, separated);
        }
    }

    private void member(Container object, boolean separated) {
        if (!separated && !isKeyStart(in.charAt(pos))) {
            throw fail("',' or '}' after the value of key " + quoted(object.key));
        }
        if (!object.empty) {
            out.append(',');
        }
        object.empty = false;
        object.key = key();
        skipSpace();
        if (pos == len || in.charAt(pos) != ':') {
            throw fail("':' after key " + quoted(object.key));
        }
        pos++;
        out.append(':');
        skipSpace();
        if (pos == len || !isValueStart(in.charAt(pos))) {
            throw fail("a value for key " + quoted(object.key));
        }
        value();
    }

    /** Writes the key as a JSON string and returns it as written, for error messages. */
    private String key() {
        char c = in.charAt(pos);
        int start = out.length() + 1;
        if (c == '"' || c == '\'') {
            string(true);
        } else if (isWordChar(c)) {
            out.append('"').append(word()).append('"');
        } else {
            throw fail("a key");
        }
        return out.substring(start, out.length() - 1);
    }

    private void element(Container array, boolean separated) {
        if (!isValueStart(in.charAt(pos))) {
            throw fail(separated ? "a value or ']'" : "',' or ']'");
        }
        if (!array.empty) {
            out.append(',');
        }
        array.empty = false;
        value();
    }

    /**
     * Consumes the container's closer, or supplies it where the model forgot it: at the end
     * of input, or right before the closer of an enclosing container of the other kind.
     */
    private boolean closes(Container container) {
        char closer = container.object ? '}' : ']';
        skipSpace();
        if (pos == len) {
            out.append(closer);
            return true;
        }
        char c = in.charAt(pos);
        if (c == closer) {
            pos++;
            out.append(closer);
            return true;
        }
        boolean enclosingCloser = container.object
                ? c == ']' && openArrays > 0
                : c == '}' && openObjects > 0;
        if (enclosingCloser) {
            out.append(closer);
        }
        return enclosingCloser;
    }

    /** Skips a comma if there is one; a missing one is supplied by the caller. */
    private boolean comma() {
        skipSpace();
        if (pos < len && in.charAt(pos) == ',') {
            pos++;
            return true;
        }
        return false;
    }

    private void literal() {
        int start = pos;
        String json = switch (word()) {
            case "true", "True" -> "true";
            case "false", "False" -> "false";
            case "null", "None", "undefined", "NaN", "Infinity" -> "null";
            default -> null;
        };
        if (json == null) {
            pos = start;
            throw new JsonRepairException(expectedHere("a value") + " (strings need quotes)");
        }
        out.append(json);
    }

    private String word() {
        int start = pos;
        while (pos < len && isWordChar(in.charAt(pos))) {
            pos++;
        }
        return in.substring(start, pos);
    }

    private void number() {
        int start = pos;
        while (pos < len && isNumberChar(in.charAt(pos))) {
            pos++;
        }
        String token = in.substring(start, pos);
        String json = normalizeNumber(token);
        if (json == null) {
            throw failAt(start, "invalid number '" + shorten(token) + "'");
        }
        out.append(json);
    }

    /** Keys end at their first quote (models hardly put quotes in keys); values see {@link RepairSource#closesString}. */
    private void string(boolean key) {
        int start = pos;
        char quote = in.charAt(pos++);
        out.append('"');
        boolean keptQuote = false;
        while (true) {
            int run = pos;
            while (pos < len && isPlain(in.charAt(pos), quote)) {
                pos++;
            }
            out.append(in, run, pos);
            if (pos == len) {
                String hint = keptQuote ? " (quotes inside a string need a backslash: \\\")" : "";
                throw new JsonRepairException("unterminated string starting at " + source.location(start) + hint);
            }
            char c = in.charAt(pos);
            if (c == quote && (key || source.closesString(pos))) {
                pos++;
                out.append('"');
                return;
            }
            keptQuote |= c == quote;
            if (c == '\\') {
                escape();
            } else {
                appendEscaped(c);
                pos++;
            }
        }
    }

    private void escape() {
        char next = pos + 1 < len ? in.charAt(pos + 1) : 0;
        switch (next) {
            case '"', '\\', '/', 'b', 'f', 'n', 'r', 't' -> {
                out.append('\\').append(next);
                pos += 2;
            }
            case '\'' -> {
                out.append('\'');
                pos += 2;
            }
            case 'u' -> {
                if (isHex4(pos + 2)) {
                    out.append(in, pos, pos + 6);
                    pos += 6;
                } else {
                    literalBackslash();
                }
            }
            default -> literalBackslash();
        }
    }

    /** A backslash that starts no JSON escape was meant as itself (regexes, paths); what follows is read on its own. */
    private void literalBackslash() {
        out.append("\\\\");
        pos++;
    }

    private boolean isHex4(int from) {
        if (from + 4 > len) {
            return false;
        }
        for (int i = from; i < from + 4; i++) {
            if (Character.digit(in.charAt(i), 16) < 0) {
                return false;
            }
        }
        return true;
    }

    /** Quotes that do not end the string, and control characters, which JSON wants escaped. */
    private void appendEscaped(char c) {
        switch (c) {
            case '"' -> out.append("\\\"");
            case '\n' -> out.append("\\n");
            case '\r' -> out.append("\\r");
            case '\t' -> out.append("\\t");
            case '\b' -> out.append("\\b");
            case '\f' -> out.append("\\f");
            default -> {
                if (c < 0x20) {
                    out.append("\\u00").append(Character.forDigit(c >> 4, 16)).append(Character.forDigit(c & 15, 16));
                } else {
                    out.append(c);
                }
            }
        }
    }

    private void skipSpace() {
        while (pos < len) {
            char c = in.charAt(pos);
            if (isSpace(c)) {
                pos++;
            } else if (source.startsComment(pos)) {
                int end = source.commentEnd(pos, len);
                if (end < 0) {
                    throw failAt(pos, "unterminated /* comment starting");
                }
                pos = end;
            } else {
                return;
            }
        }
    }

    private JsonRepairException fail(String expected) {
        return new JsonRepairException(expectedHere(expected));
    }

    private String expectedHere(String what) {
        return "expected " + what + " at " + source.location(pos) + ", found " + source.found(pos);
    }

    private JsonRepairException failAt(int at, String problem) {
        return new JsonRepairException(problem + " at " + source.location(at));
    }

    private static String quoted(String key) {
        return "\"" + shorten(key) + "\"";
    }

}
