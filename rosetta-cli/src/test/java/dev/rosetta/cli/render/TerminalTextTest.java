package dev.rosetta.cli.render;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TerminalTextTest {

    @Test
    void cursorMovementAndClearScreenBecomeVisible() {
        assertThat(TerminalText.safe("\u001b[2J\u001b[H\u001b[3A\u001b[10;20Hx"))
                .isEqualTo("␛[2J␛[H␛[3A␛[10;20Hx");
    }

    @Test
    void windowTitleSequenceIsShownNotObeyed() {
        assertThat(TerminalText.safe("\u001b]0;pwned\u0007ok")).isEqualTo("␛]0;pwned␇ok");
    }

    @Test
    void hyperlinkSequenceIsShownNotObeyed() {
        String osc8 = "\u001b]8;;https://evil.example\u001b\\click me\u001b]8;;\u001b\\";
        assertThat(TerminalText.safe(osc8)).isEqualTo("␛]8;;https://evil.example␛\\click me␛]8;;␛\\");
    }

    @Test
    void singleByteControlsShowAsTheirEscapeForm() {
        assertThat(TerminalText.safe("\u009b2J\u009d0;t\u009c")).isEqualTo("␛[2J␛]0;t␛\\");
    }

    @Test
    void otherControlsBecomeControlPictures() {
        assertThat(TerminalText.safe("a\u0000b\u0008c\u007fd\u000ce")).isEqualTo("a␀b␈c␡d␌e");
    }

    @Test
    void newlinesAndTabsStay() {
        assertThat(TerminalText.safe("a\tb\nc")).isEqualTo("a\tb\nc");
    }

    @Test
    void carriageReturnCannotHideWhatCameBefore() {
        assertThat(TerminalText.safe("rm -rf ~\rls -la   ")).isEqualTo("rm -rf ~\nls -la   ");
        assertThat(TerminalText.safe("one\r\ntwo\r")).isEqualTo("one\ntwo\n");
    }

    @Test
    void bidiOverridesAndIsolatesAreNeutralised() {
        String trick = "access\u202E\u2066// admin\u2069\u2066 check";
        String safe = TerminalText.safe(trick);
        assertThat(safe).isEqualTo("access<U+202E><U+2066>// admin<U+2069><U+2066> check");
        assertThat(safe.chars().noneMatch(c -> TerminalText.isBidiControl((char) c))).isTrue();
    }

    @Test
    void lineSeparatorsEndLines() {
        assertThat(TerminalText.safe("a\u2028b")).isEqualTo("a\nb");
    }

    @Test
    void crlfSplitBetweenPiecesIsOneLineBreak() {
        TerminalText stream = new TerminalText();
        String out = stream.feed("one\r") + stream.feed("\ntwo\r") + stream.feed("three") + stream.finish();
        assertThat(out).isEqualTo("one\ntwo\nthree");
    }

    @Test
    void escapeSplitBetweenPiecesIsStillNeutralised() {
        TerminalText stream = new TerminalText();
        assertThat(stream.feed("x\u001b") + stream.feed("[2J") + stream.finish()).isEqualTo("x␛[2J");
    }

    @Test
    void surrogatePairSplitBetweenPiecesStaysWhole() {
        String emoji = "😀";
        TerminalText stream = new TerminalText();
        String first = stream.feed("a" + emoji.charAt(0));
        assertThat(first).isEqualTo("a");
        assertThat(first + stream.feed(emoji.charAt(1) + "b") + stream.finish()).isEqualTo("a😀b");
    }

    @Test
    void loneSurrogatesBecomeReplacementCharacters() {
        assertThat(TerminalText.safe("a\uD83Db")).isEqualTo("a\uFFFDb");
        assertThat(TerminalText.safe("a\uDE00b")).isEqualTo("a\uFFFDb");
        assertThat(TerminalText.safe("end\uD83D")).isEqualTo("end\uFFFD");
    }

    @Test
    void cleanTextIsReturnedAsIs() {
        String text = "héllo — 世界 😀\n\tok";
        assertThat(TerminalText.safe(text)).isEqualTo(text);
        assertThat(TerminalText.safe(null)).isEmpty();
    }

    /** Issue 25: a tool named with 100 KB printed as one line of 100 KB. */
    @Test
    void aHundredKilobytesOfNameIsOneShortLineSayingHowLongItWas() {
        String line = TerminalText.oneLine("n".repeat(100_000) + "\nsecond\tline");
        assertThat(line).hasSizeLessThan(TerminalText.LONGEST_LINE + 40).endsWith("… (100,012 characters)")
                .doesNotContain("\n");
        assertThat(TerminalText.oneLine("  two\n  lines\tand a tab ")).isEqualTo("two lines and a tab");
    }

    @Test
    void exactTextShowsEveryInvisibleCharacterAsAMarkAndStaysSafe() {
        assertThat(TerminalText.exact("a\u200Bb\u001b[2Jc\u2028d\re\r\nf"))
                .isEqualTo("a<U+200B>b\u241B[2Jc<U+2028>d<U+000D>e\nf");
    }

    @Test
    void plainTextKeepsJoinersThatMakeOneEmojiOutOfSeveral() {
        String family = "\uD83D\uDC68\u200D\uD83D\uDC69\u200D\uD83D\uDC67";
        assertThat(TerminalText.safe(family)).isEqualTo(family);
        assertThat(TerminalText.exact(family)).contains("<U+200D>");
    }
}
