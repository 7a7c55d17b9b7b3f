package dev.rosetta.tools.repl;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;

import org.junit.jupiter.api.Test;

class CaptureFileTest {

    @Test
    void drainReturnsWhatWasWrittenAndAnAppendingWriterGoesOnFromEmpty() throws IOException {
        try (CaptureFile capture = CaptureFile.create("test");
                FileOutputStream writer = new FileOutputStream(capture.path().toFile(), true)) {
            writer.write("first call\n".getBytes(StandardCharsets.UTF_8));
            assertThat(capture.drain()).isEqualTo("first call\n");

            writer.write("second".getBytes(StandardCharsets.UTF_8));

            assertThat(capture.drain()).isEqualTo("second");
            assertThat(Files.size(capture.path())).isZero();
        }
    }

    @Test
    void undecodableBytesBecomeReplacementCharacters() throws IOException {
        try (CaptureFile capture = CaptureFile.create("test")) {
            Files.write(capture.path(), new byte[] {'o', 'k', (byte) 0xc3, ' ', (byte) 0xff});

            assertThat(capture.drain()).isEqualTo("ok\uFFFD \uFFFD");
        }
    }

    @Test
    void outputBeyondTheKeepLimitKeepsHeadAndTail() throws IOException {
        try (CaptureFile capture = CaptureFile.create("test", 10)) {
            Files.writeString(capture.path(), "HEADxxxxxxxxxxxxxxxxxxTAIL!");

            assertThat(capture.drain()).isEqualTo("HEADx\n[… 17 bytes of output dropped …]\nTAIL!");
        }
    }

    @Test
    void closeRemovesTheFileAndItsFolder() throws IOException {
        CaptureFile capture = CaptureFile.create("test");

        capture.close();

        assertThat(capture.path().getParent()).doesNotExist();
    }
}
