package dev.rosetta.core.json;

import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import tools.jackson.core.JacksonException;

/**
 * One left-to-right pass that writes strict JSON. The only lookahead is past a quote inside a
 * string (to decide whether it ends the string), bounded so the whole pass stays linear.
 */
final class JsonRewriter {

    /** The strict parser's own limit: anything nested deeper could never parse, so we stop there too. */
    private static final int MAX_DEPTH =
            Json.MAPPER.tokenStreamFactory().streamReadConstraints().getMaxNestingDepth();

    /** How far a comment after a quote may run before we stop believing it is one. */
    private static final int COMMENT_LOOKAHEAD = 160;
    private static final Pattern JSON_NUMBER =
            Pattern.compile("(?:0|[1-9][0-9]*)(?:\\.[0-9]+)?(?:[eE][+-]?[0-9]+)?");
    private static final Pattern HEX = Pattern.compile("0[xX][0-9a-fA-F]{1,16}");

    private final String in;
    private final int len;
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

    /** The JSON spelling of a number token, or null when it is no number we can read with confidence. */
    private static String normalizeNumber(String token) {
        boolean negative = token.startsWith("-");
        String sign = negative ? "-" : "";
        String body = negative || token.startsWith("+") ? token.substring(1) : token;
        if (body.equals("Infinity") || body.equals("NaN")) {
            return "null"; // JSON has no spelling for them; null is what JavaScript writes
        }
        if (HEX.matcher(body).matches()) {
            return sign + new BigInteger(body.substring(2), 16);
        }
        if (body.startsWith(".")) {
            body = "0" + body;
        }
        body = body.replace(".e", ".0e").replace(".E", ".0E");
        if (body.endsWith(".")) {
            body = body + "0";
        }
        return JSON_NUMBER.matcher(body).matches() ? sign + body : null;
    }

    /** Keys end at their first quote (models hardly put quotes in keys); values see {@link #closesString}. */
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
                throw new JsonRepairException("unterminated string starting at " + location(start) + hint);
            }
            char c = in.charAt(pos);
            if (c == quote && (key || closesString(pos))) {
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

    /**
     * Whether the quote at {@code quoteAt} ends its string. Models forget to escape quotes inside
     * strings, so a quote ends the string only where JSON could go on after a string: before
     * {@code , } ] :}, the end of input, or another string that itself ends there.
     */
    private boolean closesString(int quoteAt) {
        int next = skipInsignificant(quoteAt + 1);
        if (next == len) {
            return true;
        }
        if (next < 0) {
            return false;
        }
        char c = in.charAt(next);
        return isTerminator(c) || (c == '"' || c == '\'') && startsWholeString(next);
    }

    /**
     * Whether a string opening at {@code open} ends before a terminator or another quote (then
     * the model forgot a comma). Scans only up to the next quote of its kind, so no character
     * is looked at by more than a couple of these lookaheads.
     */
    private boolean startsWholeString(int open) {
        char quote = in.charAt(open);
        int i = open + 1;
        while (i < len && in.charAt(i) != quote) {
            i += in.charAt(i) == '\\' ? 2 : 1;
        }
        if (i >= len) {
            return false;
        }
        int after = skipInsignificant(i + 1);
        if (after == len) {
            return true;
        }
        return after >= 0 && (isTerminator(in.charAt(after)) || in.charAt(after) == '"' || in.charAt(after) == '\'');
    }

    /**
     * The index after whitespace and short comments (comments only after some whitespace, as
     * {@code "//cdn"} or {@code "#fff"} right after a quote are content); -1 if a comment runs too long.
     */
    private int skipInsignificant(int from) {
        int i = from;
        int budget = COMMENT_LOOKAHEAD;
        while (i < len) {
            if (isSpace(in.charAt(i))) {
                i++;
            } else if (i > from && startsComment(i)) {
                int end = commentEnd(i, Math.min(len, i + budget));
                if (end < 0 || end == len) { // a comment running to the end would leave everything unclosed
                    return -1;
                }
                budget -= end - i;
                i = end;
            } else {
                return i;
            }
        }
        return len;
    }

    private void skipSpace() {
        while (pos < len) {
            char c = in.charAt(pos);
            if (isSpace(c)) {
                pos++;
            } else if (startsComment(pos)) {
                int end = commentEnd(pos, len);
                if (end < 0) {
                    throw failAt(pos, "unterminated /* comment starting");
                }
                pos = end;
            } else {
                return;
            }
        }
    }

    private boolean startsComment(int i) {
        char c = in.charAt(i);
        if (c == '#') {
            return true;
        }
        return c == '/' && i + 1 < len && (in.charAt(i + 1) == '/' || in.charAt(i + 1) == '*');
    }

    /** The index just after the comment at {@code i} (a line comment stops before its newline), or -1 if it does not end before {@code limit}. */
    private int commentEnd(int i, int limit) {
        if (in.charAt(i) == '/' && in.charAt(i + 1) == '*') {
            for (int k = i + 2; k + 1 < limit; k++) {
                if (in.charAt(k) == '*' && in.charAt(k + 1) == '/') {
                    return k + 2;
                }
            }
            return -1;
        }
        for (int k = i; k < limit; k++) {
            if (in.charAt(k) == '\n') {
                return k;
            }
        }
        return limit == len ? len : -1;
    }

    private JsonRepairException fail(String expected) {
        return new JsonRepairException(expectedHere(expected));
    }

    private String expectedHere(String what) {
        return "expected " + what + " at " + location(pos) + ", found " + found();
    }

    private JsonRepairException failAt(int at, String problem) {
        return new JsonRepairException(problem + " at " + location(at));
    }

    private String location(int at) {
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < at; i++) {
            if (in.charAt(i) == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        return "line " + line + ", column " + (at - lineStart + 1);
    }

    private String found() {
        if (pos >= len) {
            return "end of input";
        }
        int cp = in.codePointAt(pos);
        if (cp < 0x20 || cp == 0x7f) {
            return String.format("U+%04X", cp);
        }
        if (isWordChar(in.charAt(pos))) {
            int end = pos;
            while (end < len && end - pos < 41 && isWordChar(in.charAt(end))) {
                end++;
            }
            return "'" + shorten(in.substring(pos, end)) + "'";
        }
        return "'" + Character.toString(cp) + "'";
    }

    private static String quoted(String key) {
        return "\"" + shorten(key) + "\"";
    }

    private static String shorten(String s) {
        return s.length() <= 40 ? s : s.substring(0, 40) + "...";
    }

    private static boolean isSpace(char c) {
        return c == ' ' || c == '\n' || c == '\r' || c == '\t';
    }

    private static boolean isTerminator(char c) {
        return c == ',' || c == '}' || c == ']' || c == ':';
    }

    private static boolean isPlain(char c, char quote) {
        return c >= 0x20 && c != '\\' && c != '"' && c != quote;
    }

    private static boolean isValueStart(char c) {
        return c == '{' || c == '[' || c == '"' || c == '\'' || isNumberStart(c) || isWordStart(c);
    }

    private static boolean isKeyStart(char c) {
        return c == '"' || c == '\'' || isWordChar(c);
    }

    private static boolean isNumberStart(char c) {
        return c >= '0' && c <= '9' || c == '-' || c == '+' || c == '.';
    }

    private static boolean isNumberChar(char c) {
        return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '-' || c == '+' || c == '.';
    }

    private static boolean isWordStart(char c) {
        return Character.isLetter(c) || c == '_' || c == '$';
    }

    /** Characters of unquoted keys: identifiers, plus the '-', '.' and '$' that models also leave unquoted. */
    private static boolean isWordChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '-' || c == '.' || c == '$';
    }
}
