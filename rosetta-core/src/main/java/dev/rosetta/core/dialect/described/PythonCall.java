package dev.rosetta.core.dialect.described;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.rosetta.core.json.Json;

/**
 * One call as Python writes it, {@code name(a, b=1, c='x')}, read without running anything:
 * the arguments must be literals — strings (quotes of either kind, triple quotes, escapes, raw
 * strings, adjacent strings joined), numbers, {@code True}/{@code False}/{@code None} (and JSON's
 * {@code true}/{@code false}/{@code null}, which models mix in), lists, tuples and dicts. Bytes,
 * f-strings, sets, names and expressions are refused with a reason, as are numbers JSON cannot hold.
 *
 * @param name       the function's name (dotted names allowed)
 * @param positional arguments without a keyword, in order
 * @param keywords   keyword arguments, in order
 */
record PythonCall(String name, List<Object> positional, Map<String, Object> keywords) {

    /** Not a call of literals; the message says what is wrong, for the model. */
    static final class NotLiteral extends RuntimeException {
        NotLiteral(String message) {
            super(message, null, false, false);
        }
    }

    static PythonCall parse(String text) {
        return new Parser(text).call();
    }

    /** {@code name(k=literal, …)}: what {@link #parse} reads back as these keyword arguments. */
    static String format(String name, Map<String, Object> keywords) {
        StringBuilder out = new StringBuilder(name).append('(');
        String sep = "";
        for (Map.Entry<String, Object> e : keywords.entrySet()) {
            out.append(sep).append(e.getKey()).append('=');
            literal(e.getValue(), out);
            sep = ", ";
        }
        return out.append(')').toString();
    }

    private static void literal(Object value, StringBuilder out) {
        switch (value) {
            case null -> out.append("None");
            case Boolean b -> out.append(b ? "True" : "False");
            case String text -> string(text, out);
            case Map<?, ?> map -> {
                out.append('{');
                String sep = "";
                for (Map.Entry<?, ?> e : map.entrySet()) {
                    out.append(sep);
                    string(String.valueOf(e.getKey()), out);
                    out.append(": ");
                    literal(e.getValue(), out);
                    sep = ", ";
                }
                out.append('}');
            }
            case List<?> list -> {
                out.append('[');
                String sep = "";
                for (Object item : list) {
                    out.append(sep);
                    literal(item, out);
                    sep = ", ";
                }
                out.append(']');
            }
            default -> out.append(value);
        }
    }

    /** A single-quoted str: backslashes, quotes and control characters escaped, the rest as it is. */
    private static void string(String text, StringBuilder out) {
        out.append('\'');
        for (int k = 0; k < text.length(); k++) {
            char c = text.charAt(k);
            switch (c) {
                case '\\' -> out.append("\\\\");
                case '\'' -> out.append("\\'");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20 || c == 0x7f) {
                        out.append(String.format("\\x%02x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('\'');
    }

    private static final class Parser {
        /** JSON's nesting limit: a value nested deeper could not be passed on, and recursion must not overflow the stack. */
        private static final int MAX_DEPTH =
                Json.MAPPER.tokenStreamFactory().streamReadConstraints().getMaxNestingDepth();

        private final String s;
        private int i;
        private int depth;

        Parser(String s) {
            this.s = s;
        }

        PythonCall call() {
            spaces();
            String name = dottedName();
            if (name.isEmpty()) {
                throw fail("a function name");
            }
            spaces();
            take('(');
            List<Object> positional = new ArrayList<>();
            Map<String, Object> keywords = new LinkedHashMap<>();
            spaces();
            while (peek() != ')') {
                int mark = i;
                String keyword = name();
                spaces();
                if (!keyword.isEmpty() && peek() == '=' && peekAt(1) != '=') {
                    i++;
                    spaces();
                    keywords.put(keyword, value());
                } else {
                    i = mark;
                    if (!keywords.isEmpty()) {
                        throw new NotLiteral("a positional argument follows a keyword argument");
                    }
                    positional.add(value());
                }
                spaces();
                if (peek() == ',') {
                    i++;
                    spaces();
                } else if (peek() != ')') {
                    throw fail("',' or ')'");
                }
            }
            i++;
            spaces();
            if (i < s.length()) {
                throw fail("the end of the call");
            }
            return new PythonCall(name, positional, keywords);
        }

        private Object value() {
            char c = peek();
            if (c == '\'' || c == '"' || isStringPrefix()) {
                return strings();
            }
            if (c == '[') {
                i++;
                return items(']');
            }
            if (c == '(') {
                i++;
                return items(')');
            }
            if (c == '{') {
                i++;
                return dict();
            }
            if (c == '-' || c == '+' || c == '.' || Character.isDigit(c)) {
                return number();
            }
            String word = name();
            return switch (word) {
                case "True", "true" -> Boolean.TRUE;
                case "False", "false" -> Boolean.FALSE;
                case "None", "null" -> null;
                case "" -> throw fail("a value");
                default -> throw new NotLiteral("'" + word + "' is a name, not a literal value");
            };
        }

        private List<Object> items(char close) {
            enter();
            List<Object> out = new ArrayList<>();
            spaces();
            while (peek() != close) {
                out.add(value());
                spaces();
                if (peek() == ',') {
                    i++;
                    spaces();
                } else if (peek() != close) {
                    throw fail("',' or '" + close + "'");
                }
            }
            i++;
            depth--;
            return out;
        }

        private void enter() {
            if (++depth > MAX_DEPTH) {
                throw new NotLiteral("values nested deeper than " + MAX_DEPTH + " levels");
            }
        }

        private Map<String, Object> dict() {
            enter();
            Map<String, Object> out = new LinkedHashMap<>();
            spaces();
            while (peek() != '}') {
                Object key = value();
                spaces();
                if (peek() != ':') {
                    throw new NotLiteral("a set is not a JSON value; write a list");
                }
                i++;
                spaces();
                out.put(key instanceof String k ? k : String.valueOf(key), value());
                spaces();
                if (peek() == ',') {
                    i++;
                    spaces();
                } else if (peek() != '}') {
                    throw fail("',' or '}'");
                }
            }
            i++;
            depth--;
            return out;
        }

        /** One string or several adjacent ones, joined as Python joins them. */
        private String strings() {
            StringBuilder out = new StringBuilder();
            do {
                string(out);
                spaces();
            } while (peek() == '\'' || peek() == '"' || isStringPrefix());
            return out.toString();
        }

        private boolean isStringPrefix() {
            int j = i;
            while (j < s.length() && j - i < 2 && "rRbBuUfF".indexOf(s.charAt(j)) >= 0) {
                j++;
            }
            return j > i && j < s.length() && (s.charAt(j) == '\'' || s.charAt(j) == '"');
        }

        private void string(StringBuilder out) {
            boolean raw = false;
            while ("rRbBuUfF".indexOf(peek()) >= 0) {
                char p = Character.toLowerCase(s.charAt(i++));
                if (p == 'b') {
                    throw new NotLiteral("bytes are not a JSON value; write a str");
                }
                if (p == 'f') {
                    throw new NotLiteral("an f-string is not a literal; write the text itself");
                }
                raw |= p == 'r';
            }
            char q = s.charAt(i);
            boolean triple = s.startsWith(String.valueOf(q).repeat(3), i);
            i += triple ? 3 : 1;
            while (true) {
                if (i >= s.length()) {
                    throw new NotLiteral("a string is never closed");
                }
                char c = s.charAt(i);
                if (c == q && (!triple || s.startsWith(String.valueOf(q).repeat(3), i))) {
                    i += triple ? 3 : 1;
                    return;
                }
                if (c == '\n' && !triple) {
                    throw new NotLiteral("a string is never closed on its line");
                }
                if (c == '\\' && i + 1 < s.length()) {
                    if (raw) {
                        out.append(c).append(s.charAt(i + 1));
                        i += 2;
                    } else {
                        escape(out);
                    }
                    continue;
                }
                out.append(c);
                i++;
            }
        }

        private void escape(StringBuilder out) {
            char e = s.charAt(i + 1);
            i += 2;
            switch (e) {
                case '\n' -> { }
                case '\\', '\'', '"' -> out.append(e);
                case 'n' -> out.append('\n');
                case 't' -> out.append('\t');
                case 'r' -> out.append('\r');
                case 'a' -> out.append('\u0007');
                case 'b' -> out.append('\b');
                case 'f' -> out.append('\f');
                case 'v' -> out.append('\u000b');
                case 'x' -> out.appendCodePoint(hex(2));
                case 'u' -> out.appendCodePoint(hex(4));
                case 'U' -> out.appendCodePoint(hex(8));
                default -> {
                    if (e >= '0' && e <= '7') {
                        int v = e - '0';
                        for (int k = 0; k < 2 && i < s.length() && s.charAt(i) >= '0' && s.charAt(i) <= '7'; k++) {
                            v = v * 8 + s.charAt(i++) - '0';
                        }
                        out.append((char) v);
                    } else {
                        out.append('\\').append(e);
                    }
                }
            }
        }

        private int hex(int digits) {
            if (i + digits > s.length()) {
                throw new NotLiteral("a \\x, \\u or \\U escape is cut short");
            }
            try {
                int cp = Integer.parseInt(s.substring(i, i + digits), 16);
                i += digits;
                if (!Character.isValidCodePoint(cp)) {
                    throw new NotLiteral("an escape names no character");
                }
                return cp;
            } catch (NumberFormatException e) {
                throw new NotLiteral("a \\x, \\u or \\U escape has a character that is not hexadecimal");
            }
        }

        private Object number() {
            int start = i;
            if (peek() == '-' || peek() == '+') {
                i++;
            }
            while (i < s.length() && (Character.isLetterOrDigit(s.charAt(i)) || s.charAt(i) == '.' || s.charAt(i) == '_'
                    || (s.charAt(i) == '-' || s.charAt(i) == '+') && (s.charAt(i - 1) == 'e' || s.charAt(i - 1) == 'E'))) {
                i++;
            }
            String text = s.substring(start, i).replace("_", "");
            try {
                String unsigned = text.replaceFirst("^[+-]", "");
                String lower = unsigned.toLowerCase(java.util.Locale.ROOT);
                if (lower.startsWith("0x") || lower.startsWith("0o") || lower.startsWith("0b")) {
                    int radix = lower.charAt(1) == 'x' ? 16 : lower.charAt(1) == 'o' ? 8 : 2;
                    long v = Long.parseLong(unsigned.substring(2), radix);
                    return text.startsWith("-") ? -v : v;
                }
                BigDecimal d = new BigDecimal(text);
                if (!text.contains(".") && !lower.contains("e")) {
                    return d.longValueExact();
                }
                double v = d.doubleValue();
                if (Double.isInfinite(v)) {
                    throw new NotLiteral("the number " + text + " is too large for JSON");
                }
                return v;
            } catch (NumberFormatException | ArithmeticException e) {
                throw new NotLiteral("'" + text + "' is not a number JSON can hold");
            }
        }

        private String dottedName() {
            int start = i;
            while (i < s.length() && (Character.isLetterOrDigit(s.charAt(i)) || s.charAt(i) == '_'
                    || s.charAt(i) == '.' && i > start)) {
                i++;
            }
            return s.substring(start, i);
        }

        private String name() {
            int start = i;
            if (i < s.length() && (Character.isLetter(s.charAt(i)) || s.charAt(i) == '_')) {
                while (i < s.length() && (Character.isLetterOrDigit(s.charAt(i)) || s.charAt(i) == '_')) {
                    i++;
                }
            }
            return s.substring(start, i);
        }

        private void take(char c) {
            if (peek() != c) {
                throw fail("'" + c + "'");
            }
            i++;
        }

        private void spaces() {
            while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
                i++;
            }
        }

        private char peek() {
            return i < s.length() ? s.charAt(i) : 0;
        }

        private char peekAt(int ahead) {
            return i + ahead < s.length() ? s.charAt(i + ahead) : 0;
        }

        private NotLiteral fail(String expected) {
            String found = i < s.length() ? "'" + s.charAt(i) + "'" : "the end";
            return new NotLiteral("expected " + expected + " at character " + (i + 1) + ", found " + found);
        }
    }
}
