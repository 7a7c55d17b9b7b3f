package dev.rosetta.cli.render;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

/** Issue 10 #1: every line Rosetta writes passes one guard, whoever wrote it and however. */
class TerminalOutputTest {

    /** An OSC 0 title, an OSC 52 clipboard write, a screen clear, a C1 CSI and a bare CR. */
    static final String HOSTILE = "a\u001b]0;owned\u0007b\u001b]52;c;ZWNobyBvd25lZA==\u0007c\u001b[2Jd\u009b31me\rf";

    private final ByteArrayOutputStream stdout = new ByteArrayOutputStream();
    private final ByteArrayOutputStream stderr = new ByteArrayOutputStream();

    private String out() {
        return stdout.toString(StandardCharsets.UTF_8);
    }

    private String err() {
        return stderr.toString(StandardCharsets.UTF_8);
    }

    static void assertNoControlSequence(String text) {
        assertThat(text).doesNotContain("\u001b").doesNotContain("\u0007").doesNotContain("\u009b")
                .doesNotContain("\r");
    }

    @Test
    void anErrorWithEscapesIsOneLineWithTheEscapesShown() {
        TerminalOutput output = TerminalOutput.of(stdout, stderr);

        output.error("the server said: " + HOSTILE + "\nsecond line");

        assertNoControlSequence(err());
        assertThat(err()).isEqualTo("rosetta: the server said: a␛]0;owned␇b␛]52;c;ZWNobyBvd25lZA==␇c␛[2Jd␛[31me f"
                + " second line\n");
        assertThat(out()).isEmpty();
    }

    @Test
    void whatIsWrittenToTheRawStreamsIsGuardedToo() {
        TerminalOutput output = TerminalOutput.of(stdout, stderr);

        output.out().stream().print(HOSTILE);
        output.err().stream().println(HOSTILE);
        output.out().flush();

        assertNoControlSequence(out());
        assertNoControlSequence(err());
        assertThat(out()).contains("a␛]0;owned␇b");
    }

    @Test
    void stdoutHandedToAProtocolCarriesOnlyItsMessagesAndWhatElseWouldGoThereGoesToStderrGuarded()
            throws Exception {
        TerminalOutput output = TerminalOutput.of(stdout, stderr);
        PrintStream before = System.out;
        try {
            OutputStream protocol = output.handOverStdout();
            protocol.write("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\n".getBytes(StandardCharsets.UTF_8));
            output.out().stream().println(HOSTILE);
            output.out().flush();
            System.out.println("a library's own print");
            System.out.flush();
        } finally {
            System.setOut(before);
        }

        assertThat(out()).isEqualTo("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\n");
        assertNoControlSequence(err());
        assertThat(err()).contains("a␛]0;owned␇b").contains("a library's own print");
    }

    @Test
    void offATerminalNotEvenColourPasses() {
        TerminalOutput output = TerminalOutput.of(stdout, stderr);

        output.out().append("\u001b[1mbold\u001b[0m\n").flush();

        assertThat(out()).isEqualTo("␛[1mbold␛[0m\n");
    }

    @Test
    void onATerminalColourAndCarriageReturnsPassAndNothingElse() {
        OutputGuard guard = new OutputGuard(() -> true);

        String shown = guard.filter("\u001b[1;31mred\u001b[0m\rspin" + HOSTILE) + guard.finish();

        assertThat(shown).startsWith("\u001b[1;31mred\u001b[0m\rspin");
        assertThat(shown.substring("\u001b[1;31mred\u001b[0m\rspin".length()))
                .isEqualTo("a␛]0;owned␇b␛]52;c;ZWNobyBvd25lZA==␇c␛[2Jd␛[31me\rf");
    }

    @Test
    void aColourSequenceSplitBetweenWritesStillPassesWhole() {
        OutputGuard guard = new OutputGuard(() -> true);

        String shown = guard.filter("x\u001b[3") + guard.filter("1my");

        assertThat(shown).isEqualTo("x\u001b[31my");
    }

    @Test
    void whetherTheOutputIsATerminalIsAskedOnlyWhenAnEscapeComesAndOnce() {
        AtomicInteger asked = new AtomicInteger();
        OutputGuard guard = new OutputGuard(() -> asked.incrementAndGet() > 0);

        guard.filter("plain text\n");
        assertThat(asked).hasValue(0);
        guard.filter("\u001b[1m");
        guard.filter("\u001b[0m\r");
        assertThat(asked).hasValue(1);
    }

    @Test
    void aCharacterSplitBetweenTwoWritesOfBytesIsJoined() throws Exception {
        OutputStream guarded = TerminalOutput.of(stdout, stderr).out().stream();
        byte[] c1 = "\u009b".getBytes(StandardCharsets.UTF_8);
        byte[] emoji = "😀".getBytes(StandardCharsets.UTF_8);

        guarded.write(c1, 0, 1);
        guarded.write(c1, 1, 1);
        guarded.write(emoji, 0, 3);
        guarded.write(emoji, 3, 1);
        guarded.flush();

        assertThat(out()).isEqualTo("␛[😀");
    }

    /** The bytes passed on without decoding are exactly those the guard would leave as they are. */
    @Test
    void whatSkipsDecodingIsWhatTheGuardWouldNotChange() throws Exception {
        java.util.Random random = new java.util.Random(1);
        String[] pieces = {"a", "\n", "\t", "\r", "\u001b", "\u007f", "é", "中", "😀", "\u0085", "\u009b", "\u00a0",
            "\u2028", "\u2029", "\u202e", "\u2066", "\u2069", "\u2027", "\u2030", "\u2065", "\u206a", "\ufffd"};
        byte[][] raw = {{(byte) 0xFF}, {(byte) 0xC0, (byte) 0x80}, {(byte) 0xED, (byte) 0xA0, (byte) 0x80},
            {(byte) 0xE2}, {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80}, {(byte) 0xE0, (byte) 0x80, (byte) 0x80}};
        for (int round = 0; round < 20_000; round++) {
            java.io.ByteArrayOutputStream input = new java.io.ByteArrayOutputStream();
            for (int i = random.nextInt(6); i > 0; i--) {
                input.writeBytes(random.nextInt(5) == 0 ? raw[random.nextInt(raw.length)]
                        : pieces[random.nextInt(pieces.length)].getBytes(StandardCharsets.UTF_8));
            }
            byte[] bytes = input.toByteArray();
            ByteArrayOutputStream shown = new ByteArrayOutputStream();
            OutputStream guarded = TerminalOutput.of(shown, OutputStream.nullOutputStream()).out().stream();
            guarded.write(bytes);
            guarded.close();

            if (GuardedStream.unchanged(bytes, 0, bytes.length)) {
                assertThat(shown.toByteArray()).as(java.util.HexFormat.of().formatHex(bytes)).isEqualTo(bytes);
            } else {
                assertThat(shown.toByteArray()).as(java.util.HexFormat.of().formatHex(bytes)).isNotEqualTo(bytes);
            }
        }
    }

    @Test
    void theLineEditorsWriterIsGuarded() {
        StringWriter terminal = new StringWriter();

        TerminalOutput.onTerminal(terminal).print("\u001b[2mdim\u001b[0m" + HOSTILE);

        assertThat(terminal.toString()).startsWith("\u001b[2mdim\u001b[0m").contains("␛]0;owned␇")
                .doesNotContain("\u001b]").doesNotContain("\u0007");
    }

    @Test
    void clearingTheScreenIsTheOneEscapeWrittenOnPurpose() {
        TerminalOutput output = TerminalOutput.of(stdout, stderr);

        output.out().line("before");
        output.clearScreen();

        assertThat(out()).isEqualTo("before\n\u001b[H\u001b[2J");
    }
}
