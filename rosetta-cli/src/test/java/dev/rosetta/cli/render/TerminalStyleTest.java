package dev.rosetta.cli.render;

import static dev.rosetta.cli.render.Screens.env;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TerminalStyleTest {

    @Test
    void terminalGetsColourAndAnimation() {
        assertThat(TerminalStyle.detect(env(), true)).isEqualTo(new TerminalStyle(true, true));
    }

    @Test
    void outputThatIsNotATerminalGetsNeither() {
        assertThat(TerminalStyle.detect(env(), false)).isEqualTo(TerminalStyle.plain());
    }

    @Test
    void noColorTurnsColourOffButKeepsTheSpinner() {
        assertThat(TerminalStyle.detect(env("NO_COLOR", "1"), true)).isEqualTo(new TerminalStyle(false, true));
    }

    @Test
    void emptyNoColorCountsAsUnset() {
        assertThat(TerminalStyle.detect(env("NO_COLOR", ""), true).colour()).isTrue();
    }

    @Test
    void dumbTerminalGetsNeither() {
        assertThat(TerminalStyle.detect(env("TERM", "dumb"), true)).isEqualTo(TerminalStyle.plain());
    }

    @Test
    void paintWithoutColourIsTheTextAlone() {
        assertThat(TerminalStyle.plain().paint("x", Tone.BOLD)).isEqualTo("x");
        assertThat(Screens.COLOUR.paint("x", Tone.BOLD, Tone.RED)).isEqualTo("\u001b[1m\u001b[31mx\u001b[0m");
    }
}
