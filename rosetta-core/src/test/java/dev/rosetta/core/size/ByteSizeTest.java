package dev.rosetta.core.size;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ByteSizeTest {

    @Test
    void aBareWholeNumberIsBytes() {
        assertThat(ByteSize.parse("1048576")).isEqualTo(1 << 20);
        assertThat(ByteSize.parse(" 0 ")).isZero();
    }

    @Test
    void decimalAndBinaryUnitsAreEachTheirOwnPowers() {
        assertThat(ByteSize.parse("500KB")).isEqualTo(500_000);
        assertThat(ByteSize.parse("4 MiB")).isEqualTo(4L << 20);
        assertThat(ByteSize.parse("1.5gib")).isEqualTo(3L << 29);
        assertThat(ByteSize.parse("2 GB")).isEqualTo(2_000_000_000L);
        assertThat(ByteSize.parse("12b")).isEqualTo(12);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "lots", "-5", "1.5", "4 MiBs", "1e6", "4 M"})
    void anythingElseIsRefusedNamingTheForms(String text) {
        assertThatThrownBy(() -> ByteSize.parse(text)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("4MiB");
    }

    @Test
    void sizesAreShownInTheLargestUnitBelowThem() {
        assertThat(ByteSize.of(340)).isEqualTo("340 B");
        assertThat(ByteSize.of(2048)).isEqualTo("2.0 KiB");
        assertThat(ByteSize.of(4L << 20)).isEqualTo("4.0 MiB");
    }

    @Test
    void theUtf8LengthIsTheEncodedLengthForAnyText() {
        Random random = new Random(25);
        for (int round = 0; round < 200; round++) {
            StringBuilder text = new StringBuilder();
            for (int i = random.nextInt(40); i > 0; i--) {
                int pick = random.nextInt(5);
                text.append(switch (pick) {
                    case 0 -> "a";
                    case 1 -> "é";
                    case 2 -> "€";
                    case 3 -> "😀";
                    default -> String.valueOf((char) (0xD800 + random.nextInt(0x800))); // a lone surrogate
                });
            }
            assertThat(ByteSize.utf8(text)).as(text.toString())
                    .isEqualTo(text.toString().getBytes(StandardCharsets.UTF_8).length);
        }
    }
}
