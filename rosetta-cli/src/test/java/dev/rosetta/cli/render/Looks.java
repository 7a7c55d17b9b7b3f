package dev.rosetta.cli.render;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Test support: what rendered output looks like on a terminal, character by character — each
 * visible character with the looks in force when it is written. Tests compare this instead of the
 * escape sequences, so they pin what the user sees, not how the bytes spell it (a redundant reset,
 * the order of two sequences).
 */
final class Looks {

    /** One character on screen and its looks. */
    record Cell(char c, Set<Tone> tones) {}

    private static final Map<String, Tone> BY_SGR = new HashMap<>();

    static {
        for (Tone t : Tone.values()) {
            String on = t.on();
            BY_SGR.put(on.substring(2, on.length() - 1), t);
        }
    }

    private Looks() {}

    /** The output as cells; fails on an escape sequence the renderer does not write. */
    static List<Cell> of(String rendered) {
        List<Cell> cells = new ArrayList<>();
        EnumSet<Tone> now = EnumSet.noneOf(Tone.class);
        for (int i = 0; i < rendered.length(); i++) {
            char c = rendered.charAt(i);
            if (c != '\u001b') {
                cells.add(new Cell(c, Set.copyOf(now)));
                continue;
            }
            int m = rendered.indexOf('m', i);
            if (i + 1 >= rendered.length() || rendered.charAt(i + 1) != '[' || m < 0) {
                throw new AssertionError("not an SGR sequence at " + i + ": " + rendered);
            }
            for (String p : rendered.substring(i + 2, m).split(";")) {
                apply(p, now);
            }
            i = m;
        }
        return cells;
    }

    /**
     * The output in a readable notation: plain text as it is, a run of styled text as
     * {@code [bold+italic:text]} (looks in {@link Tone} order).
     */
    static String describe(String rendered) {
        StringBuilder out = new StringBuilder();
        Set<Tone> open = Set.of();
        for (Cell cell : of(rendered)) {
            if (!cell.tones().equals(open)) {
                if (!open.isEmpty()) {
                    out.append(']');
                }
                if (!cell.tones().isEmpty()) {
                    out.append('[').append(names(cell.tones())).append(':');
                }
                open = cell.tones();
            }
            out.append(cell.c());
        }
        if (!open.isEmpty()) {
            out.append(']');
        }
        return out.toString();
    }

    private static void apply(String parameter, EnumSet<Tone> now) {
        if (parameter.isEmpty() || parameter.equals("0")) {
            now.clear();
            return;
        }
        Tone tone = BY_SGR.get(parameter);
        if (tone == null) {
            throw new AssertionError("an SGR parameter the renderer does not use: " + parameter);
        }
        now.add(tone);
    }

    private static String names(Set<Tone> tones) {
        return EnumSet.copyOf(tones).stream().map(t -> t.name().toLowerCase(Locale.ROOT))
                .collect(Collectors.joining("+"));
    }
}
