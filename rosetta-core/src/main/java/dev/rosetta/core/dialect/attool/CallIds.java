package dev.rosetta.core.dialect.attool;

/**
 * Ids for calls written without one ({@code @tool: {…}}, and every native dialect whose text
 * carries none). Derived from the call itself, so reading a message twice (streamed and whole,
 * or after a restart) gives the same id.
 */
public final class CallIds {

    private CallIds() {}

    public static String generate(String tool, int offset, String raw) {
        long h = 0xcbf29ce484222325L;
        h = mix(h, tool);
        h = mix(h, Integer.toString(offset));
        h = mix(h, raw);
        return "call_" + Long.toString(h >>> 1, 36);
    }

    /** FNV-1a over the string's chars. */
    private static long mix(long h, String s) {
        for (int i = 0; i < s.length(); i++) {
            h ^= s.charAt(i);
            h *= 0x100000001b3L;
        }
        return (h ^ 0x1f) * 0x100000001b3L;
    }
}
