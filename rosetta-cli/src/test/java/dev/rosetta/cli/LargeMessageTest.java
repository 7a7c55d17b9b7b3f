package dev.rosetta.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeout;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** A megabyte message with thousands of calls goes through whole and in good time. */
class LargeMessageTest {

    private static final int MIB = 1 << 20;

    private record Generated(String text, int calls, int unparsed) {}

    /** Prose, calls, alias blocks and plain code blocks in a fixed mix, with emoji, to one MiB of UTF-8. */
    private static Generated generate() {
        StringBuilder text = new StringBuilder();
        int bytes = 0;
        int calls = 0;
        int unparsed = 0;
        for (int i = 0; bytes < MIB; i++) {
            String piece = switch (i % 5) {
                case 0 -> "Line " + i + " of prose with an emoji 😀 and é.\n";
                case 1 -> "```shell\necho " + i + " 🎉\n```\n";
                case 2 -> "```save dir/file" + i + ".txt\ncontent " + i + "\n```\n";
                case 3 -> "```python\nprint(" + i + ")\n```\n";
                default -> "```text\nnot a call " + i + "\n```\n";
            };
            calls += i % 5 == 1 || i % 5 == 2 ? 1 : 0;
            unparsed += i % 5 == 3 ? 1 : 0;
            text.append(piece);
            bytes += piece.getBytes(StandardCharsets.UTF_8).length;
        }
        return new Generated(text.toString(), calls, unparsed);
    }

    @Test
    void aMebibyteMessageParsesWithTheRightCallCount() {
        Generated message = generate();
        Cli.Run run = assertTimeout(Duration.ofSeconds(20),
                () -> Cli.runWithStdin(message.text(), "parse"));
        assertThat(run.exitCode()).isZero();
        List<Map<String, Object>> segments = run.segments();
        assertThat(segments.stream().filter(s -> s.get("type").equals("call")).count()).isEqualTo(message.calls());
        assertThat(segments.stream().filter(s -> s.get("type").equals("unparsed")).count()).isEqualTo(message.unparsed());
        Map<String, Object> last = segments.get(segments.size() - 1);
        assertThat(last.get("end")).isEqualTo((int) message.text().codePoints().count());
    }

    @Test
    void aMebibyteMessageStreamedOneCharacterAtATimeGivesTheSameOutput() {
        Generated message = generate();
        String batch = Cli.runWithStdin(message.text(), "parse").out();
        Cli.Run streamed = assertTimeout(Duration.ofSeconds(20),
                () -> Cli.runWithStdin(message.text(), "parse", "--chunk", "1"));
        assertThat(streamed.out()).isEqualTo(batch);
    }
}
