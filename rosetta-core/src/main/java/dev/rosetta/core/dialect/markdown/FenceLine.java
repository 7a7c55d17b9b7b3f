package dev.rosetta.core.dialect.markdown;

/**
 * A line that starts with three or more backticks, taken apart.
 *
 * @param ticks the number of leading backticks
 * @param info  the rest of the line without its line break
 */
record FenceLine(int ticks, String info) {

    /** The line at [from, to) as a fence, or null if it does not start with ``` . */
    static FenceLine parse(CharSequence text, int from, int to) {
        int i = from;
        while (i < to && text.charAt(i) == '`') {
            i++;
        }
        int ticks = i - from;
        if (ticks < 3) {
            return null;
        }
        int end = to;
        while (end > i && (text.charAt(end - 1) == '\n' || text.charAt(end - 1) == '\r')) {
            end--;
        }
        return new FenceLine(ticks, text.subSequence(i, end).toString());
    }

    /** Only backticks (and trailing blanks): closes a block of the same length. */
    boolean bare() {
        return info.isBlank();
    }

    /**
     * Whether this line opens a block. CommonMark forbids backticks in the info string (the
     * line is then inline code).
     */
    boolean opens() {
        return info.indexOf('`') < 0;
    }

    /**
     * Whether, inside a block, this line opens a nested one: an info string that looks like a
     * language or a tool ("```python", "```save x.md"), not punctuation ("```'''", "```===").
     */
    boolean opensNested() {
        if (!opens() || bare()) {
            return false;
        }
        char c = info.strip().charAt(0);
        return Character.isLetterOrDigit(c) || c == '_' || c == '/' || c == '.' || c == '~';
    }

    /**
     * Whether only closing punctuation follows the backticks ({@code ```"""}, {@code ```);}): the
     * closer of an example held in a string or a call, glued to the code that ends it.
     */
    boolean closesWithPunctuation() {
        String s = info.strip();
        return !s.isEmpty() && s.chars().allMatch(c -> "\"'),;]}".indexOf(c) >= 0);
    }

    /** The first word of the info string: the language or the tool. */
    String tag() {
        String s = info.strip();
        int sp = firstSpace(s);
        return sp < 0 ? s : s.substring(0, sp);
    }

    /** What follows the tag: a path, or arguments. */
    String rest() {
        String s = info.strip();
        int sp = firstSpace(s);
        return sp < 0 ? "" : s.substring(sp + 1);
    }

    private static int firstSpace(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (Character.isWhitespace(s.charAt(i))) {
                return i;
            }
        }
        return -1;
    }
}
