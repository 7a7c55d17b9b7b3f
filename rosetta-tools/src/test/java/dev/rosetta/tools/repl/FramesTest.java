package dev.rosetta.tools.repl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;

class FramesTest {

    private static byte[] encode(Map<String, String> frame) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Frames.write(new DataOutputStream(bytes), frame);
        return bytes.toByteArray();
    }

    private static DataInputStream input(byte[] bytes) {
        return new DataInputStream(new ByteArrayInputStream(bytes));
    }

    @Test
    void framesRoundTripWhateverTheTextContains() throws IOException {
        Map<String, String> frame = new LinkedHashMap<>();
        frame.put("op", "done");
        frame.put("traceback", "line 1\nline 2\r\n\0 \"quoted\" 日本 🎉");
        frame.put("empty", "");
        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        stream.writeBytes(encode(frame));
        stream.writeBytes(encode(Map.of("op", "ready")));
        DataInputStream in = input(stream.toByteArray());

        assertThat(Frames.read(in)).contains(frame);
        assertThat(Frames.read(in)).contains(Map.of("op", "ready"));
        assertThat(Frames.read(in)).isEmpty();
    }

    @Test
    void invalidUtf8IsReplacedNotFatal() throws IOException {
        byte[] bytes = {0, 0, 0, 1, 0, 0, 0, 1, 'k', 0, 0, 0, 2, (byte) 0xff, 'x'};

        assertThat(Frames.read(input(bytes))).contains(Map.of("k", "\uFFFDx"));
    }

    @Test
    void streamThatIsNotSpeakingTheProtocolIsRejected() {
        byte[] logLine = "[0.007s][warning][cds] The shared archive file has been truncated.".getBytes();

        assertThatThrownBy(() -> Frames.read(input(logLine))).isInstanceOf(IOException.class).hasMessageContaining("not a frame");
    }

    @Test
    void frameCutShortIsAnError() throws IOException {
        byte[] whole = encode(Map.of("op", "done"));

        assertThatThrownBy(() -> Frames.read(input(Arrays.copyOf(whole, whole.length - 2)))).isInstanceOf(EOFException.class);
    }
}
