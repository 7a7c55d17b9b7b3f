package dev.rosetta.cli.ui;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import dev.rosetta.cli.render.TerminalText;

/**
 * The last few kilobytes a running tool printed, for the live view of a long command: only the
 * end is kept (a build's megabytes cost nothing), and it is read as lines when a frame is drawn.
 * Not thread-safe: {@link UiState}'s lock guards it.
 */
final class OutputTail {

    private static final int KEPT = 8192;

    private final byte[] ring = new byte[KEPT];
    private long written;

    void write(byte[] bytes) {
        for (byte b : bytes) {
            ring[(int) (written++ % KEPT)] = b;
        }
    }

    long bytes() {
        return written;
    }

    /** The last {@code count} lines that show something, made safe, oldest first. */
    List<String> lastLines(int count) {
        int kept = (int) Math.min(written, KEPT);
        byte[] tail = new byte[kept];
        for (int i = 0; i < kept; i++) {
            tail[i] = ring[(int) ((written - kept + i) % KEPT)];
        }
        int start = 0;
        if (written > KEPT) {
            while (start < kept && (tail[start] & 0xC0) == 0x80) {
                start++; // the ring cut a character: its continuation bytes are no text
            }
        }
        String text = TerminalText.safe(new String(tail, start, kept - start, StandardCharsets.UTF_8));
        List<String> lines = new ArrayList<>();
        String[] all = text.split("\n");
        for (int i = all.length - 1; i >= 0 && lines.size() < count; i--) {
            if (!all[i].isBlank()) {
                lines.add(0, all[i]);
            }
        }
        return lines;
    }
}
