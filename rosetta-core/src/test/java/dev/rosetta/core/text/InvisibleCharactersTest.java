package dev.rosetta.core.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;

import org.junit.jupiter.api.Test;

/** Issue 25 §1: at a question, invisible characters are shown as visible marks. */
class InvisibleCharactersTest {

    @Test
    void zeroWidthCharactersInACommandAreShownAsMarks() {
        assertThat(InvisibleCharacters.marked("rm\u200B -rf vic\u200Dtim\u2060\uFEFF"))
                .isEqualTo("rm<U+200B> -rf vic<U+200D>tim<U+2060><U+FEFF>");
    }

    @Test
    void bidiControlsAndMarksAreShownAsMarks() {
        assertThat(InvisibleCharacters.marked("echo \u202Eevil\u202C \u2066x\u2069 \u200E\u200F\u061C"))
                .isEqualTo("echo <U+202E>evil<U+202C> <U+2066>x<U+2069> <U+200E><U+200F><U+061C>");
    }

    @Test
    void otherFormatCharactersTagsAndVariationSelectorsAreShownAsMarks() {
        String tags = new StringBuilder().appendCodePoint(0xE0001).appendCodePoint(0xE0072).toString();
        String selector = new StringBuilder().appendCodePoint(0xE0100).toString();
        assertThat(InvisibleCharacters.marked("soft\u00ADhyphen" + tags + "a\uFE0F" + selector))
                .isEqualTo("soft<U+00AD>hyphen<U+E0001><U+E0072>a<U+FE0F><U+E0100>");
    }

    /** Bash reads them as parts of a word: shown as a space or a line break they would mislead. */
    @Test
    void spacesOtherThanThePlainOneAndLineSeparatorsAndCarriageReturnsAreShownAsMarks() {
        assertThat(InvisibleCharacters.marked("rm -rf\u00A0/ x\u2028y\u2029z a\rb\u3000c\u3164d"))
                .isEqualTo("rm -rf<U+00A0>/ x<U+2028>y<U+2029>z a<U+000D>b<U+3000>c<U+3164>d");
    }

    @Test
    void aCarriageReturnThatEndsALineIsALineEnding() {
        assertThat(InvisibleCharacters.marked("one\r\ntwo\r")).isEqualTo("one\r\ntwo<U+000D>");
    }

    @Test
    void visibleTextIsLeftAsItIsAndNotCopied() {
        String text = "git status\n\techo 'héllo wörld' 界🚀 e\u0301 $((1 + 2)) # fine";
        assertThat(InvisibleCharacters.marked(text)).isSameAs(text);
        assertThat(InvisibleCharacters.firstInvisible(text)).isNegative();
    }

    /** Property: each invisible character becomes one mark; the visible ones come through, in order. */
    @Test
    void removingTheMarksGivesBackEveryVisibleCharacterInOrder() {
        Random random = new Random(25);
        int[] pool = {'a', ' ', '\n', '\t', 'é', 0x200B, 0x200D, 0x202E, 0xFEFF, 0x00A0, 0x2028, 0x1F680,
                0xE0041, 0xFE0F, 0x3164, '$'};
        for (int round = 0; round < 500; round++) {
            StringBuilder text = new StringBuilder();
            StringBuilder visible = new StringBuilder();
            int invisible = 0;
            for (int i = random.nextInt(40); i > 0; i--) {
                int cp = pool[random.nextInt(pool.length)];
                text.appendCodePoint(cp);
                if (InvisibleCharacters.invisible(cp)) {
                    invisible++;
                } else {
                    visible.appendCodePoint(cp);
                }
            }
            String marked = InvisibleCharacters.marked(text);
            assertThat(marked.codePoints().noneMatch(InvisibleCharacters::invisible)).as(text.toString()).isTrue();
            assertThat(marked.replaceAll("<U\\+[0-9A-F]{4,6}>", "")).isEqualTo(visible.toString());
            assertThat(marked.split("<U\\+", -1)).hasSize(invisible + 1);
        }
    }
}
