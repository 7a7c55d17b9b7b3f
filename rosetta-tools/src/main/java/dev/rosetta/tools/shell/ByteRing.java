package dev.rosetta.tools.shell;

import java.nio.charset.StandardCharsets;

/** The last bytes of a stream, in a fixed amount of memory, and how many went by in all. */
final class ByteRing {

    private final byte[] ring;
    private long total;

    ByteRing(int capacity) {
        ring = new byte[capacity];
    }

    void write(byte[] bytes, int offset, int length) {
        total += length;
        if (length > ring.length) {
            offset += length - ring.length;
            length = ring.length;
        }
        int at = (int) ((total - length) % ring.length);
        int first = Math.min(length, ring.length - at);
        System.arraycopy(bytes, offset, ring, at, first);
        System.arraycopy(bytes, offset + first, ring, 0, length - first);
    }

    long total() {
        return total;
    }

    /** The kept bytes, oldest first. */
    byte[] bytes() {
        int kept = (int) Math.min(total, ring.length);
        byte[] out = new byte[kept];
        int start = (int) ((total - kept) % ring.length);
        int first = Math.min(kept, ring.length - start);
        System.arraycopy(ring, start, out, 0, first);
        System.arraycopy(ring, 0, out, first, kept - first);
        return out;
    }

    /**
     * The kept bytes as text. When older bytes were dropped the first character may have been cut
     * in two; its stray continuation bytes are skipped rather than shown as replacement characters.
     */
    String text() {
        byte[] kept = bytes();
        int from = 0;
        if (total > ring.length) {
            while (from < Math.min(3, kept.length) && (kept[from] & 0xC0) == 0x80) {
                from++;
            }
        }
        return new String(kept, from, kept.length - from, StandardCharsets.UTF_8);
    }
}
