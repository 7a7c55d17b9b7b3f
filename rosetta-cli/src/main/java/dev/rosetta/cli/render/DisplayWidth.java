package dev.rosetta.cli.render;

/**
 * How many terminal columns text takes: wide (East Asian, most emoji) characters take two,
 * combining marks and format characters none. Close to wcwidth, without its tables; enough to
 * erase a line we drew ourselves.
 */
final class DisplayWidth {

    private DisplayWidth() {}

    static int of(CharSequence text) {
        int width = 0;
        for (int i = 0; i < text.length(); ) {
            int cp = Character.codePointAt(text, i);
            width += columns(cp);
            i += Character.charCount(cp);
        }
        return width;
    }

    static int columns(int cp) {
        int type = Character.getType(cp);
        if (type == Character.NON_SPACING_MARK || type == Character.ENCLOSING_MARK || type == Character.FORMAT
                || cp == 0x200B) {
            return 0;
        }
        return isWide(cp) ? 2 : 1;
    }

    private static boolean isWide(int cp) {
        return (cp >= 0x1100 && cp <= 0x115F)
                || (cp >= 0x2E80 && cp <= 0xA4CF && cp != 0x303F)
                || (cp >= 0xAC00 && cp <= 0xD7A3)
                || (cp >= 0xF900 && cp <= 0xFAFF)
                || (cp >= 0xFE30 && cp <= 0xFE4F)
                || (cp >= 0xFF00 && cp <= 0xFF60)
                || (cp >= 0xFFE0 && cp <= 0xFFE6)
                || (cp >= 0x1F300 && cp <= 0x1F64F)
                || (cp >= 0x1F900 && cp <= 0x1F9FF)
                || (cp >= 0x20000 && cp <= 0x3FFFD);
    }
}
