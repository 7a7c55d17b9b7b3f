package dev.rosetta.core.json;

import java.math.BigInteger;
import java.util.regex.Pattern;

/**
 * What the characters and tokens of loose JSON are, as {@link JsonRewriter} reads them: which start a
 * value, a key, a number or a bare word, and the strict spelling of a number a model wrote loosely.
 */
final class JsonTokens {

    private static final Pattern JSON_NUMBER =
            Pattern.compile("(?:0|[1-9][0-9]*)(?:\\.[0-9]+)?(?:[eE][+-]?[0-9]+)?");
    private static final Pattern HEX = Pattern.compile("0[xX][0-9a-fA-F]{1,16}");

    private JsonTokens() {}

    /** The JSON spelling of a number token, or null when it is no number we can read with confidence. */
    static String normalizeNumber(String token) {
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

    static boolean isSpace(char c) {
        return c == ' ' || c == '\n' || c == '\r' || c == '\t';
    }

    static boolean isTerminator(char c) {
        return c == ',' || c == '}' || c == ']' || c == ':';
    }

    static boolean isPlain(char c, char quote) {
        return c >= 0x20 && c != '\\' && c != '"' && c != quote;
    }

    static boolean isValueStart(char c) {
        return c == '{' || c == '[' || c == '"' || c == '\'' || isNumberStart(c) || isWordStart(c);
    }

    static boolean isKeyStart(char c) {
        return c == '"' || c == '\'' || isWordChar(c);
    }

    static boolean isNumberStart(char c) {
        return c >= '0' && c <= '9' || c == '-' || c == '+' || c == '.';
    }

    static boolean isNumberChar(char c) {
        return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '-' || c == '+' || c == '.';
    }

    static boolean isWordStart(char c) {
        return Character.isLetter(c) || c == '_' || c == '$';
    }

    /** Characters of unquoted keys: identifiers, plus the '-', '.' and '$' that models also leave unquoted. */
    static boolean isWordChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '-' || c == '.' || c == '$';
    }
}
