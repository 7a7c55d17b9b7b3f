package dev.rosetta.cli.terminal;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/** The user's typed lines, shared by the prompt and the confirmation question so neither loses input. */
public final class LineInput {

    private static LineInput shared;
    private final BufferedReader reader;

    private LineInput(InputStream in) {
        this.reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
    }

    public static synchronized LineInput of(InputStream in) {
        if (shared == null) {
            shared = new LineInput(in);
        }
        return shared;
    }

    /** The next line, or null at end of input (Ctrl-D). */
    public String readLine() throws IOException {
        return reader.readLine();
    }
}
