package dev.rosetta.cli.render;

/** The looks the renderer uses, as SGR parameters. */
public enum Tone {
    BOLD("1"),
    DIM("2"),
    ITALIC("3"),
    UNDERLINE("4"),
    RED("31"),
    GREEN("32"),
    YELLOW("33"),
    BLUE("34"),
    MAGENTA("35"),
    CYAN("36"),
    /** Bright black: comments stay readable where DIM is too faint. */
    GREY("90");

    private final String sgr;

    Tone(String sgr) {
        this.sgr = sgr;
    }

    /** The escape sequence that turns this look on. */
    String on() {
        return "\u001b[" + sgr + "m";
    }
}
