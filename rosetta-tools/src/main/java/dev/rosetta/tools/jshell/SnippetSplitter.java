package dev.rosetta.tools.jshell;

import java.util.ArrayList;
import java.util.List;

import jdk.jshell.SourceCodeAnalysis;
import jdk.jshell.SourceCodeAnalysis.Completeness;

/**
 * Cuts a call's code into snippets the way jshell does when the code is typed or pasted: line
 * by line, a snippet ending where {@link SourceCodeAnalysis#analyzeCompletion} says it is
 * complete. So {@code 1 + 1} on one line and {@code x} on the next are two expressions, and a
 * method spanning ten lines is one declaration. A line starting with {@code /} between
 * snippets is a jshell command. Runs in the JShell host.
 */
final class SnippetSplitter {

    /**
     * One snippet (or a jshell command such as {@code /vars}) and where it starts.
     *
     * @param source  the snippet, without leading blank space (and with the semicolon jshell adds)
     * @param line    the 1-based line of the call's code it starts on
     * @param command whether it is a command line rather than Java
     */
    record Piece(String source, int line, boolean command) {
        Piece(String source, int line) {
            this(source, line, false);
        }
    }

    private final SourceCodeAnalysis analysis;

    SnippetSplitter(SourceCodeAnalysis analysis) {
        this.analysis = analysis;
    }

    List<Piece> split(String code) {
        List<Piece> pieces = new ArrayList<>();
        String pending = "";
        int pendingLine = 1;
        String[] lines = code.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            if (pending.isBlank()) {
                pending = "";
                pendingLine = i + 1;
                if (JShellCommands.isCommand(lines[i])) {
                    pieces.add(new Piece(lines[i].strip(), i + 1, true));
                    continue;
                }
            }
            pending += lines[i] + "\n";
            while (true) {
                SourceCodeAnalysis.CompletionInfo info = analysis.analyzeCompletion(pending);
                if (info.completeness() == Completeness.EMPTY) {
                    pending = "";
                    break;
                }
                if (!info.completeness().isComplete()) {
                    break;
                }
                pieces.add(piece(info.source(), pendingLine));
                String consumed = pending.substring(0, pending.length() - info.remaining().length());
                pendingLine += newlines(consumed);
                pending = info.remaining();
                if (pending.isBlank()) {
                    break;
                }
            }
        }
        if (!pending.isBlank()) {
            pieces.add(piece(pending.stripTrailing(), pendingLine)); // incomplete: evaluating it reports why
        }
        return pieces;
    }

    private static Piece piece(String source, int line) {
        String stripped = source.stripLeading();
        return new Piece(stripped, line + newlines(source.substring(0, source.length() - stripped.length())));
    }

    static int newlines(String text) {
        return (int) text.chars().filter(c -> c == '\n').count();
    }
}
