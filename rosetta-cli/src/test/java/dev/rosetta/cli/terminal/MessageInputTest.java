package dev.rosetta.cli.terminal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.InputStream;

import org.junit.jupiter.api.Test;

class MessageInputTest {

    /** Issue 25: 100 MB piped in was read whole (out of memory at a 1 GB heap) before anything looked at it. */
    @Test
    void pipedInputPastTheLimitIsRefusedWithoutBeingReadToItsEnd() {
        long[] read = {0};
        InputStream endless = new InputStream() {
            @Override
            public int read() {
                read[0]++;
                return 'x';
            }

            @Override
            public int read(byte[] b, int off, int len) {
                java.util.Arrays.fill(b, off, off + len, (byte) 'x');
                read[0] += len;
                return len;
            }
        };

        assertThatThrownBy(() -> MessageInput.readStdin(endless, 1 << 20))
                .isInstanceOf(MessageInput.TooLargeException.class).hasMessage("more than 1.0 MiB");
        assertThat(read[0]).isLessThanOrEqualTo((1 << 20) + 1);
    }

    @Test
    void pipedInputUpToTheLimitIsReadWhole() throws Exception {
        byte[] exactly = "y".repeat(4096).getBytes();
        assertThat(MessageInput.readStdin(new ByteArrayInputStream(exactly), 4096)).isEqualTo(exactly);
    }
}
