package dev.rosetta.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CodePointOffsetsTest {

    @Test
    void asciiOffsetsAreUnchanged() {
        CodePointOffsets offsets = new CodePointOffsets("hello world");
        assertThat(offsets.at(0)).isZero();
        assertThat(offsets.at(5)).isEqualTo(5);
        assertThat(offsets.at(11)).isEqualTo(11);
    }

    @Test
    void aSurrogatePairCountsOnce() {
        String text = "a😀b🎉c";
        CodePointOffsets offsets = new CodePointOffsets(text);
        assertThat(offsets.at(1)).isEqualTo(1);
        assertThat(offsets.at(3)).isEqualTo(2);
        assertThat(offsets.at(6)).isEqualTo(4);
        assertThat(offsets.at(text.length())).isEqualTo(5);
    }

    @Test
    void theSameOffsetTwiceGivesTheSameAnswer() {
        CodePointOffsets offsets = new CodePointOffsets("😀😀");
        assertThat(offsets.at(2)).isEqualTo(1);
        assertThat(offsets.at(2)).isEqualTo(1);
    }

    @Test
    void anEarlierOffsetIsStillRight() {
        CodePointOffsets offsets = new CodePointOffsets("😀😀😀");
        assertThat(offsets.at(6)).isEqualTo(3);
        assertThat(offsets.at(2)).isEqualTo(1);
    }
}
