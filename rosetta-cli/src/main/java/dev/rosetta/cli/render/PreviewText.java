package dev.rosetta.cli.render;

import dev.rosetta.core.text.InvisibleCharacters;
import dev.rosetta.tools.Preview;

/**
 * A call's preview as the confirmation prompt shows it, indented under the call: the command or
 * code as it will run, or the file change as a unified diff with added lines green, removed lines
 * red and hunk headers cyan (only when the style has colour). A new file's diff would repeat, line
 * for line, the content the renderer has just shown under the call, so it is named, not repeated.
 * Everything passes through
 * {@link TerminalText#exact}: a diff holds the model's text, and a file's old content besides, and
 * what the user approves must show every character that runs — invisible ones as marks. A new file
 * holding such characters is shown whole here, marked, as the call above showed them as they are.
 * Nothing is left out: a command of a thousand lines is a thousand lines.
 */
public final class PreviewText {

    private static final String INDENT = "  ";

    private PreviewText() {}

    /** The lines to show, each ending with a newline; empty when there is no preview. */
    public static String of(Preview preview, TerminalStyle style) {
        return switch (preview) {
            case Preview.Command c -> indented(c.text(), style, false);
            case Preview.FileChange f when f.creates() && !hidesCharacters(f) -> style.paint("new file " + oneLine(f.path()), Tone.BOLD)
                    + style.paint(" · " + lines(addedLines(f.diff())) + ", shown above", Tone.DIM) + "\n";
            case Preview.FileChange f when f.creates() -> newFile(f, style);
            case Preview.FileChange f -> style.paint("change " + oneLine(f.path()), Tone.BOLD) + "\n"
                    + indented(f.diff(), style, true);
            case Preview.JsonArguments a -> indented(a.about() + "\n" + a.json(), style, false);
            case Preview.Note n -> indented(n.text(), style, false);
            case null -> "";
        };
    }

    /**
     * As {@link #of}, but a new file's content is shown too, as the lines its diff adds: for a
     * screen that showed only the start of it under the call (the terminal UI folds long calls).
     */
    public static String whole(Preview preview, TerminalStyle style) {
        if (preview instanceof Preview.FileChange f && f.creates()) {
            return newFile(f, style);
        }
        return of(preview, style);
    }

    private static String newFile(Preview.FileChange f, TerminalStyle style) {
        return style.paint("new file " + oneLine(f.path()), Tone.BOLD) + "\n" + indented(f.diff(), style, true);
    }

    /** Whether a new file holds characters that draw nothing: shown above as they are, they are marked here. */
    private static boolean hidesCharacters(Preview.FileChange f) {
        return InvisibleCharacters.firstInvisible(f.diff()) >= 0;
    }

    /** How many lines a new file's diff adds: its length. */
    public static int addedLines(Preview.FileChange change) {
        return addedLines(change.diff());
    }

    private static String indented(String text, TerminalStyle style, boolean diff) {
        String safe = TerminalText.exact(text).stripTrailing();
        if (safe.isEmpty()) {
            return "";
        }
        StringBuilder out = new StringBuilder();
        boolean inHunk = false;
        for (String line : safe.split("\n", -1)) {
            inHunk |= line.startsWith("@@");
            out.append(INDENT).append(diff ? diffLine(line, inHunk, style) : line).append('\n');
        }
        return out.toString();
    }

    /** Before the first hunk, --- and +++ name the files; inside one, they are a removed "--" or added "++" line. */
    private static String diffLine(String line, boolean inHunk, TerminalStyle style) {
        if (!inHunk && (line.startsWith("+++") || line.startsWith("---"))) {
            return style.paint(line, Tone.BOLD);
        }
        if (line.startsWith("+")) {
            return style.paint(line, Tone.GREEN);
        }
        if (line.startsWith("-")) {
            return style.paint(line, Tone.RED);
        }
        if (line.startsWith("@@")) {
            return style.paint(line, Tone.CYAN);
        }
        return line;
    }

    /** The added lines of a diff: inside its hunks, those that start with "+". */
    private static int addedLines(String diff) {
        int added = 0;
        boolean inHunk = false;
        for (String line : diff.split("\n", -1)) {
            inHunk |= line.startsWith("@@");
            if (inHunk && line.startsWith("+")) {
                added++;
            }
        }
        return added;
    }

    private static String lines(int n) {
        return n + (n == 1 ? " line" : " lines");
    }

    private static String oneLine(String text) {
        return TerminalText.oneLine(InvisibleCharacters.marked(text));
    }
}
