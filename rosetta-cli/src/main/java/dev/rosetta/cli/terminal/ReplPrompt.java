package dev.rosetta.cli.terminal;

import dev.rosetta.cli.render.TerminalStyle;
import dev.rosetta.cli.render.TerminalText;
import dev.rosetta.cli.render.Tone;

/** The prompt: the model in short ({@code gpt-4.1 > }), so a /model switch shows where it matters. */
public final class ReplPrompt {

    private static final int MAX_MODEL = 32;

    private ReplPrompt() {}

    public static String of(String modelName, TerminalStyle style) {
        return style.paint(shortName(modelName), Tone.DIM) + " " + style.paint(">", Tone.BOLD) + " ";
    }

    /** The model id without its provider ({@code openai/gpt-4.1} → {@code gpt-4.1}), on one line and not too long. */
    public static String shortName(String modelName) {
        String id = modelName.substring(modelName.lastIndexOf('/') + 1);
        String safe = TerminalText.safe(id).replace('\n', ' ').strip();
        if (safe.isEmpty()) {
            safe = TerminalText.safe(modelName).replace('\n', ' ').strip();
        }
        return safe.length() <= MAX_MODEL ? safe : safe.substring(0, MAX_MODEL - 1) + "…";
    }
}
