package dev.rosetta.tools.repl;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The wire format between Rosetta and an interpreter process: a frame is a small map of text
 * fields, written as a big-endian field count followed by length-prefixed UTF-8 keys and values.
 * Lengths instead of delimiters mean no content (a traceback, a newline-laden value) can break
 * the framing. The Python driver speaks the same format with {@code struct}.
 *
 * <p>Uses nothing but the JDK: the JShell host runs it in its own JVM without Rosetta's
 * dependencies on the class path.
 */
public final class Frames {

    /** More fields or longer text than this means the stream is not speaking the protocol. */
    static final int MAX_FIELDS = 64;
    static final int MAX_BYTES = 64 << 20;

    private Frames() {}

    public static void write(DataOutputStream out, Map<String, String> frame) throws IOException {
        out.writeInt(frame.size());
        for (Map.Entry<String, String> field : frame.entrySet()) {
            writeText(out, field.getKey());
            writeText(out, field.getValue());
        }
        out.flush();
    }

    /** The next frame, or empty at the end of the stream. Undecodable bytes become U+FFFD. */
    public static Optional<Map<String, String>> read(DataInputStream in) throws IOException {
        int fields;
        try {
            fields = in.readInt();
        } catch (EOFException e) {
            return Optional.empty();
        }
        if (fields < 0 || fields > MAX_FIELDS) {
            throw new IOException("not a frame: " + fields + " fields");
        }
        Map<String, String> frame = new LinkedHashMap<>();
        for (int i = 0; i < fields; i++) {
            frame.put(readText(in), readText(in));
        }
        return Optional.of(frame);
    }

    private static void writeText(DataOutputStream out, String text) throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        out.writeInt(bytes.length);
        out.write(bytes);
    }

    private static String readText(DataInputStream in) throws IOException {
        int length = in.readInt();
        if (length < 0 || length > MAX_BYTES) {
            throw new IOException("not a frame: a field of " + length + " bytes");
        }
        byte[] bytes = new byte[length];
        in.readFully(bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
