package dev.rosetta.tools.shell.syntax;

import java.util.List;

/** Reading redirections: {@code 2>&1}, {@code > out}, {@code {fd}<in}, {@code &>> log}, {@code <<EOF}. */
final class Redirects {

    private static final List<String> OPERATORS = List.of("<<<", "<<-", "<<", "<&", "<>", "<", ">>", ">&", ">|", ">",
            "&>>", "&>");

    /** A {@code {name}} before a redirection longer than this is not looked for. */
    private static final int MAX_NAME = 255;

    private Redirects() {}

    /** Whether a redirection starts at the cursor (not {@code <(…)}, a process substitution). */
    static boolean startsHere(Source src) {
        return operatorAt(src, src.pos + prefixLength(src)) != null;
    }

    /** The length of a descriptor written before the operator: {@code 2}, {@code {fd}}. */
    private static int prefixLength(Source src) {
        String t = src.text;
        int i = src.pos;
        while (i < t.length() && Character.isDigit(t.charAt(i))) {
            i++;
        }
        if (i > src.pos) {
            return i - src.pos;
        }
        if (src.peek() == '{') {
            int close = t.indexOf('}', i);
            close = close - i > MAX_NAME ? -1 : close;
            if (close > i + 1 && t.substring(i + 1, close).matches("[A-Za-z_][A-Za-z0-9_]*")) {
                return close + 1 - src.pos;
            }
        }
        return 0;
    }

    private static String operatorAt(Source src, int at) {
        for (String op : OPERATORS) {
            if (src.text.startsWith(op, at)) {
                boolean processSubstitution = op.length() == 1 && src.at(at + 1) == '(';
                boolean ampersandNeedsNoPrefix = op.startsWith("&") && at != src.pos;
                return processSubstitution || ampersandNeedsNoPrefix ? null : op;
            }
        }
        return null;
    }

    static Redirect read(BashParser p) {
        Source src = p.src;
        int prefix = prefixLength(src);
        String fd = src.text.substring(src.pos, src.pos + prefix);
        String op = operatorAt(src, src.pos + prefix);
        src.pos += prefix + op.length();
        p.blanks();
        Word target = p.words.read();
        if (target.source().isEmpty()) {
            src.fail("the redirection " + fd + op + " has no " + (op.startsWith("<<") && !op.equals("<<<")
                    ? "delimiter" : "target"));
            return new Redirect(fd, op, target, null);
        }
        if (op.equals("<<") || op.equals("<<-")) {
            String delimiter = HereDocuments.delimiter(target.source());
            boolean quoted = target.source().chars().anyMatch(c -> c == '\'' || c == '"' || c == '\\');
            Redirect.HereDocument doc = new Redirect.HereDocument(!quoted);
            src.pending.add(new Source.PendingHereDocument(delimiter, op.equals("<<-"), doc));
            src.emit(fd + op + target.source());
            return new Redirect(fd, op, target, doc);
        }
        src.emit(op.endsWith("&") ? fd + op + target.source() : fd + op + " " + target.source());
        return new Redirect(fd, op, target, null);
    }
}
