package dev.rosetta.tools.shell.syntax;

import java.util.List;

/**
 * A command line as bash reads it.
 *
 * @param script    what it runs; when there is a problem, what was read before it
 * @param problem   why bash would not read the line as a whole (a syntax error, an unclosed
 *                  quote), or empty
 * @param problemAt where that is in the line, or -1
 * @param canonical the line's tokens as written, one space between them: comments, line
 *                  continuations and runs of blanks left out, line ends and here-documents kept —
 *                  equal for two lines only when bash reads them alike
 * @param hazards   why parts of the line may run otherwise than they read (see also each word's)
 */
public record ParsedLine(Script script, String problem, int problemAt, String canonical, List<String> hazards) {

    public ParsedLine {
        hazards = List.copyOf(hazards);
    }

    /** Whether bash reads the whole line (as far as the parser can tell, exactly as it does). */
    public boolean readable() {
        return problem.isEmpty();
    }
}
