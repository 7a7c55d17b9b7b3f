package dev.rosetta.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Random;

import org.junit.jupiter.api.Test;

/** Decoding for --offsets bytes: the same text Java's decoding gives, and where each character came from. */
class Utf8InputTest {

    @Test
    void anEncodedSurrogateIsOneReplacementAndTheOffsetsSkipItsThreeBytes() {
        byte[] bytes = {'a', (byte) 0xED, (byte) 0xA0, (byte) 0x80, 'b'};

        Utf8Input input = Utf8Input.decode(bytes);

        assertThat(input.text()).isEqualTo("a\uFFFDb").isEqualTo(new String(bytes, StandardCharsets.UTF_8));
        assertThat(new int[] {input.at(0), input.at(1), input.at(2), input.at(3)}).containsExactly(0, 1, 4, 5);
    }

    @Test
    void wellFormedTextMapsEachCharacterToItsFirstByte() {
        String text = "é😀中a";
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);

        Utf8Input input = Utf8Input.decode(bytes);

        assertThat(input.text()).isEqualTo(text);
        assertThat(new int[] {input.at(0), input.at(1), input.at(3), input.at(4), input.at(5)})
                .containsExactly(0, 2, 6, 9, 10);
    }

    /** The byte offsets are only right if the text is the one the chat and the default parse read. */
    @Test
    void randomBytesDecodeToWhatNewStringGivesAndEveryCharacterStartsWhereItsBytesDo() {
        Random random = new Random(10);
        byte[] alphabet = {'a', '\n', (byte) 0xC3, (byte) 0xA9, (byte) 0xED, (byte) 0xA0, (byte) 0x80, (byte) 0xF0,
                (byte) 0x9F, (byte) 0x98, (byte) 0xE2, (byte) 0x82, (byte) 0xAC, (byte) 0xFF, (byte) 0xC0, (byte) 0xBF};
        for (int round = 0; round < 20_000; round++) {
            byte[] bytes = new byte[random.nextInt(12)];
            for (int i = 0; i < bytes.length; i++) {
                bytes[i] = alphabet[random.nextInt(alphabet.length)];
            }

            Utf8Input input = Utf8Input.decode(bytes);

            String expected = new String(bytes, StandardCharsets.UTF_8);
            assertThat(input.text()).as(java.util.HexFormat.of().formatHex(bytes)).isEqualTo(expected);
            assertThat(input.at(expected.length())).isEqualTo(bytes.length);
            for (int i = 0; i < expected.length(); i++) {
                char c = expected.charAt(i);
                if (c != '\uFFFD' && !Character.isLowSurrogate(c)) {
                    int cp = expected.codePointAt(i);
                    byte[] own = new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8);
                    assertThat(java.util.Arrays.copyOfRange(bytes, input.at(i), input.at(i) + own.length))
                            .as("character %d of %s", i, java.util.HexFormat.of().formatHex(bytes)).isEqualTo(own);
                }
            }
        }
    }
}
