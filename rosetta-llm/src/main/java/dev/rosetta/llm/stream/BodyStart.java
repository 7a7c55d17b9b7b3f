package dev.rosetta.llm.stream;

import java.io.ByteArrayOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * A body that can say how it begins: its first non-blank byte, read ahead and handed out again,
 * and its first line, kept from the bytes that went by — what a message names when the body
 * turns out not to be a reply (an HTML login page, a plain-text error).
 */
final class BodyStart extends FilterInputStream {

    private static final int SAMPLE = 512;
    /** A body that is only blank for this long is taken as it is. */
    private static final int MAX_BLANK = 4096;

    private final byte[] sample = new byte[SAMPLE];
    private int sampled;
    private byte[] ahead = new byte[0];
    private int replayed;

    BodyStart(InputStream in) {
        super(in);
    }

    /** The first byte that is not white space, or -1 for a body that ends first. */
    int firstByte() throws IOException {
        ByteArrayOutputStream read = new ByteArrayOutputStream();
        int b;
        do {
            b = in.read();
            if (b >= 0) {
                read.write(b);
                record(b);
            }
        } while ((b == ' ' || b == '\t' || b == '\r' || b == '\n') && read.size() < MAX_BLANK);
        ahead = read.toByteArray();
        return b;
    }

    /**
     * The body's first non-blank line, at most 200 characters; "" when nothing came. Reads on
     * until the line is whole (or the sample full), so call it only once the body is given up on.
     */
    String firstLine() {
        try {
            while (sampled < SAMPLE && !lineInSample()) {
                int b = in.read();
                if (b < 0) {
                    break;
                }
                record(b);
            }
        } catch (IOException gone) {
            // what arrived is all there is
        }
        String text = new String(sample, 0, sampled, StandardCharsets.UTF_8).strip();
        int end = text.length();
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) == '\n' || text.charAt(i) == '\r') {
                end = i;
                break;
            }
        }
        String line = text.substring(0, Math.min(end, 200)).strip();
        return end > 200 ? line + "…" : line;
    }

    private boolean lineInSample() {
        boolean content = false;
        for (int i = 0; i < sampled; i++) {
            byte b = sample[i];
            if (b == '\n' || b == '\r') {
                if (content) {
                    return true;
                }
            } else if (b != ' ' && b != '\t') {
                content = true;
            }
        }
        return false;
    }

    @Override
    public int read() throws IOException {
        if (replayed < ahead.length) {
            return ahead[replayed++] & 0xff;
        }
        int b = in.read();
        if (b >= 0) {
            record(b);
        }
        return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        if (replayed < ahead.length) {
            int n = Math.min(len, ahead.length - replayed);
            System.arraycopy(ahead, replayed, b, off, n);
            replayed += n;
            return n;
        }
        int n = in.read(b, off, len);
        for (int i = 0; i < n && sampled < SAMPLE; i++) {
            record(b[off + i]);
        }
        return n;
    }

    private void record(int b) {
        if (sampled < SAMPLE) {
            sample[sampled++] = (byte) b;
        }
    }
}
