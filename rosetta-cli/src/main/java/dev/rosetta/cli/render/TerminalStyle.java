package dev.rosetta.cli.render;

import java.util.Map;

/**
 * Whether output gets colour and animation. Colour only on a terminal and when {@code NO_COLOR}
 * is unset (no-color.org: present and not empty disables it); animation (the spinner) only on a
 * terminal. {@code TERM=dumb} gets neither. Output that is not a terminal gets no escape sequence
 * at all, so a log or a pipe holds exactly the text.
 *
 * @param colour  whether to write SGR colour sequences
 * @param animate whether to draw the spinner (needs a terminal that honours CR)
 */
public record TerminalStyle(boolean colour, boolean animate) {

    static final String RESET = "\u001b[0m";

    /** No colour, no spinner: for pipes, files and tests. */
    public static TerminalStyle plain() {
        return new TerminalStyle(false, false);
    }

    /** Decides from the environment and whether the output is a terminal. */
    public static TerminalStyle detect(Map<String, String> env, boolean terminal) {
        String noColour = env.get("NO_COLOR");
        boolean dumb = "dumb".equals(env.get("TERM"));
        boolean colour = terminal && !dumb && (noColour == null || noColour.isEmpty());
        return new TerminalStyle(colour, terminal && !dumb);
    }

    /** {@code text} in the given looks, or the text alone without colour. */
    public String paint(String text, Tone... tones) {
        if (!colour || tones.length == 0 || text.isEmpty()) {
            return text;
        }
        return on(tones) + text + RESET;
    }

    /** The sequence that turns these looks on; empty without colour. */
    String on(Tone... tones) {
        if (!colour) {
            return "";
        }
        StringBuilder s = new StringBuilder();
        for (Tone t : tones) {
            s.append(t.on());
        }
        return s.toString();
    }

    /** The sequence that turns all looks off; empty without colour. */
    String reset() {
        return colour ? RESET : "";
    }
}
