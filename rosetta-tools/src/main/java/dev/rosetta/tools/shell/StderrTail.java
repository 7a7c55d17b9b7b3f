package dev.rosetta.tools.shell;

import java.io.IOException;
import java.io.InputStream;

/**
 * bash's own stderr: prompts, job notices, startup warnings. It is read to its end so bash never
 * blocks on it; only the last bytes are kept, to say why a start failed.
 */
final class StderrTail {

    private final ByteRing ring;

    StderrTail(int capacity) {
        ring = new ByteRing(capacity);
    }

    /** Reads {@code in} until it ends (with the process). */
    void drain(InputStream in) {
        byte[] buf = new byte[4096];
        try (in) {
            int n;
            while ((n = in.read(buf)) > 0) {
                synchronized (ring) {
                    ring.write(buf, 0, n);
                }
            }
        } catch (IOException e) {
            // ends with the process
        }
    }

    /** The last bytes read, as text. */
    String text() {
        synchronized (ring) {
            return ring.text();
        }
    }
}
