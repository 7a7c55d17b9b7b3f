package dev.rosetta.cli.ui;

import java.util.ArrayList;
import java.util.List;

import org.jline.utils.AttributedString;

import dev.rosetta.cli.render.TerminalStyle;
import dev.rosetta.cli.render.Tone;

/**
 * One item of the conversation as the UI shows it: a message of the user, a run of the model's
 * prose, its reasoning, a call, a result, a confirmation, a notice. A foldable block shows, folded,
 * its header and a preview of its body (the first lines, or the first and the last), and opened,
 * all of it. The scrollback gets every block folded (or open, with {@code collapse = "never"});
 * the transcript lets the user open and close each. Lines are styled text, already safe.
 *
 * @param kind    what the block is
 * @param header  the one line that stands for the block when folded, or null (prose, notices)
 * @param body    the lines under the header
 * @param preview what of the body shows while folded
 * @param footer  a line after the body that always shows, or null (a confirmation's answer)
 */
record Block(Kind kind, String header, List<String> body, Preview preview, String footer) {

    /** What a block is. */
    enum Kind { USER, PROSE, THINKING, CALL, RESULT, UNPARSED, CONFIRMATION, NOTE }

    /** What of the body a folded block shows. */
    enum Preview {
        /** Not foldable: always all of it. */
        ALL,
        /** The first lines. */
        HEAD,
        /** The first and the last lines (a build's first error and its summary). */
        HEAD_AND_TAIL,
        /** Nothing: the header alone (reasoning). */
        NONE
    }

    Block {
        body = List.copyOf(body);
    }

    static Block text(Kind kind, List<String> lines) {
        return new Block(kind, null, lines, Preview.ALL, null);
    }

    /** Whether folding hides anything when {@code previewLines} of the body show. */
    boolean foldable(int previewLines) {
        return switch (preview) {
            case ALL -> false;
            case NONE -> !body.isEmpty();
            case HEAD, HEAD_AND_TAIL -> body.size() > previewLines + 1;
        };
    }

    /**
     * The lines to show: the header, the body whole ({@code open}) or its preview with a line
     * saying how much is left out, and the footer.
     *
     * @param hint said after the count of lines left out ("Ctrl-O shows them"), or empty
     */
    List<String> lines(boolean open, int previewLines, TerminalStyle style, String hint) {
        List<String> out = new ArrayList<>();
        if (header != null) {
            out.add(header);
        }
        if (open || !foldable(previewLines)) {
            out.addAll(body);
        } else if (preview != Preview.NONE) {
            int tail = preview == Preview.HEAD_AND_TAIL ? previewLines / 2 : 0;
            int head = previewLines - tail;
            out.addAll(body.subList(0, head));
            int hidden = body.size() - head - tail;
            out.add(Blocks.INDENT + style.paint("… " + hidden + " more line" + (hidden == 1 ? "" : "s") + hint,
                    Tone.DIM));
            out.addAll(body.subList(body.size() - tail, body.size()));
        }
        if (footer != null) {
            out.add(footer);
        }
        return out;
    }

    /** The block's text without styles, for search. */
    String plainText() {
        StringBuilder text = new StringBuilder();
        if (header != null) {
            text.append(AttributedString.fromAnsi(header)).append('\n');
        }
        body.forEach(line -> text.append(AttributedString.fromAnsi(line)).append('\n'));
        if (footer != null) {
            text.append(AttributedString.fromAnsi(footer)).append('\n');
        }
        return text.toString();
    }
}
