package dev.rosetta.tools.shell;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Splits the byte stream bash writes into output and the end-of-command markers the session
 * asks bash to print. A marker is {@code \001<key>:<sequence>:<value>\n}, where the key is a
 * random secret of the session that never appears in output, so no output can fake one. Markers
 * are found wherever they start, also after output without a trailing line break, and across
 * reads that cut them in two. Work is linear in the bytes fed.
 */
final class MarkerScanner {

    /** What the scanner finds, in stream order. */
    interface Listener {
        void output(byte[] bytes, int offset, int length);

        /** {@code raw} is the marker's bytes, for a listener that decides it is output after all. */
        void marker(long sequence, long value, byte[] raw, int offset, int length);
    }

    /** Longest tail after the prefix: two numbers of up to 18 digits, a colon and a line break. */
    private static final int MAX_TAIL = 18 + 1 + 18 + 1;
    private static final byte[] NONE = new byte[0];
    private static final int INCOMPLETE = -1;
    private static final int MALFORMED = -2;

    private final byte[] prefix;
    /** Bytes held back from the last feed: the start of what may be a marker. */
    private byte[] carry = NONE;
    /** The numbers of the marker {@link #parseTail} read last. */
    private long sequence;
    private long value;

    MarkerScanner(String key) {
        if (!key.chars().allMatch(c -> c >= '0' && c <= '9' || c >= 'a' && c <= 'f')) {
            throw new IllegalArgumentException("the key must be lower-case hex");
        }
        byte[] keyBytes = key.getBytes(StandardCharsets.US_ASCII);
        prefix = new byte[keyBytes.length + 2];
        prefix[0] = 1;
        System.arraycopy(keyBytes, 0, prefix, 1, keyBytes.length);
        prefix[prefix.length - 1] = ':';
    }

    void feed(byte[] data, int offset, int length, Listener listener) {
        byte[] buf = data;
        int start = offset;
        int end = offset + length;
        if (carry.length > 0) {
            buf = Arrays.copyOf(carry, carry.length + length);
            System.arraycopy(data, offset, buf, carry.length, length);
            start = 0;
            end = buf.length;
            carry = NONE;
        }
        int emitted = start;
        int from = start;
        while (true) {
            int at = indexOfPrefix(buf, from, end);
            if (at < 0) {
                break;
            }
            int after = parseTail(buf, at + prefix.length, end);
            if (after == INCOMPLETE) {
                emit(listener, buf, emitted, at);
                carry = Arrays.copyOfRange(buf, at, end);
                return;
            }
            if (after == MALFORMED) {
                from = at + 1;
                continue;
            }
            emit(listener, buf, emitted, at);
            listener.marker(sequence, value, buf, at, after - at);
            emitted = from = after;
        }
        int hold = partialPrefixAtEnd(buf, emitted, end);
        emit(listener, buf, emitted, end - hold);
        carry = hold == 0 ? NONE : Arrays.copyOfRange(buf, end - hold, end);
    }

    /** The stream ended: anything held back was output. */
    void finish(Listener listener) {
        emit(listener, carry, 0, carry.length);
        carry = NONE;
    }

    private static void emit(Listener listener, byte[] buf, int from, int to) {
        if (to > from) {
            listener.output(buf, from, to - from);
        }
    }

    private int indexOfPrefix(byte[] buf, int from, int end) {
        for (int i = from; i <= end - prefix.length; i++) {
            if (buf[i] == 1 && Arrays.equals(buf, i, i + prefix.length, prefix, 0, prefix.length)) {
                return i;
            }
        }
        return -1;
    }

    /** How many bytes at the end could be the start of a prefix that the next read completes. */
    private int partialPrefixAtEnd(byte[] buf, int from, int end) {
        for (int k = Math.min(prefix.length - 1, end - from); k > 0; k--) {
            if (buf[end - k] == 1 && Arrays.equals(buf, end - k, end, prefix, 0, k)) {
                return k;
            }
        }
        return 0;
    }

    /** Reads {@code <sequence>:<value>\n} at {@code at}; the index after it, or INCOMPLETE/MALFORMED. */
    private int parseTail(byte[] buf, int at, int end) {
        int i = at;
        long[] numbers = new long[2];
        for (int n = 0; n < 2; n++) {
            int digits = 0;
            long number = 0;
            while (i < end && buf[i] >= '0' && buf[i] <= '9' && digits < 18) {
                number = number * 10 + (buf[i++] - '0');
                digits++;
            }
            if (i == end) {
                return end - at < MAX_TAIL ? INCOMPLETE : MALFORMED;
            }
            if (digits == 0 || buf[i] != (n == 0 ? ':' : '\n')) {
                return MALFORMED;
            }
            numbers[n] = number;
            i++;
        }
        sequence = numbers[0];
        value = numbers[1];
        return i;
    }
}
