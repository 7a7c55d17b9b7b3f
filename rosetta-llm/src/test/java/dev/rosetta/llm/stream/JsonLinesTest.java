package dev.rosetta.llm.stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

class JsonLinesTest {

    private static List<String> read(String body, int max) throws IOException {
        Frames frames = Framing.JSON_LINES.frames(new ByteArrayInputStream(body.getBytes(StandardCharsets.UTF_8)), max);
        List<String> out = new ArrayList<>();
        for (Frame f = frames.next(); f != null; f = frames.next()) {
            out.add(f.data());
        }
        return out;
    }

    @Test
    void eachNonBlankLineIsAFrameWhateverItsLineEnd() throws IOException {
        assertThat(read("{\"a\":1}\n\n{\"b\":2}\r\n  \n{\"c\":3}", Framing.MAX_FRAME))
                .containsExactly("{\"a\":1}", "{\"b\":2}", "{\"c\":3}");
    }

    @Test
    void aLinePastTheCapFails() {
        assertThatThrownBy(() -> read("{\"a\":\"" + "x".repeat(100) + "\"}\n", 64))
                .isInstanceOf(FrameTooLargeException.class);
    }
}
