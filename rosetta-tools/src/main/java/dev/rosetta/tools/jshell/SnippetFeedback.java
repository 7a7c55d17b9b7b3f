package dev.rosetta.tools.jshell;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import jdk.jshell.DeclarationSnippet;
import jdk.jshell.Diag;
import jdk.jshell.EvalException;
import jdk.jshell.ExpressionSnippet;
import jdk.jshell.JShell;
import jdk.jshell.JShellException;
import jdk.jshell.MethodSnippet;
import jdk.jshell.Snippet;
import jdk.jshell.Snippet.Status;
import jdk.jshell.SnippetEvent;
import jdk.jshell.UnresolvedReferenceException;
import jdk.jshell.VarSnippet;

/**
 * What jshell would say about an evaluated snippet, in its "normal" feedback style: values as
 * {@code x ==> 5} and {@code $2 ==> 359}, declarations as {@code |  created method f(int)};
 * compile errors with their line in the call and a caret; exceptions with their stack trace,
 * snippet frames shown by the line of the call they are on. Runs in the JShell host.
 */
final class SnippetFeedback {

    /** Deep recursion makes thousands of identical frames; the first few say enough. */
    private static final int MAX_FRAMES = 40;

    private final JShell shell;

    SnippetFeedback(JShell shell) {
        this.shell = shell;
    }

    /**
     * The line jshell prints for a snippet that was accepted, or empty (imports, statements).
     *
     * @param event  the snippet's own event
     * @param events all events of its evaluation (a redefinition's old snippet is among them)
     */
    Optional<String> accepted(SnippetEvent event, List<SnippetEvent> events) {
        Snippet snippet = event.snippet();
        return switch (snippet) {
            case VarSnippet var when event.status() == Status.VALID -> Optional.of(var.name() + " ==> " + event.value());
            case ExpressionSnippet expression -> Optional.of(expression.name() + " ==> " + event.value());
            case DeclarationSnippet declaration -> Optional.of("|  " + action(event, events) + " " + describe(declaration)
                    + unresolvedNote(declaration, event.status()));
            default -> Optional.empty();
        };
    }

    /** The compile errors of a rejected snippet, each with its place in the call's code. */
    String rejected(SnippetEvent event, SnippetSplitter.Piece piece, String code) {
        List<Diag> errors = shell.diagnostics(event.snippet()).filter(Diag::isError).toList();
        if (errors.isEmpty()) {
            return "the snippet at line " + piece.line() + " was rejected: " + firstLine(piece.source());
        }
        StringBuilder text = new StringBuilder();
        for (Diag diag : errors) {
            int at = (int) Math.max(0, Math.min(diag.getPosition(), piece.source().length()));
            String before = piece.source().substring(0, at);
            int line = piece.line() + SnippetSplitter.newlines(before);
            int column = at - before.lastIndexOf('\n');
            String sourceLine = lineOf(code, line);
            text.append("error at line ").append(line).append(", column ").append(column).append(": ")
                    .append(message(diag)).append('\n')
                    .append("    ").append(sourceLine).append('\n')
                    .append("    ").append(caret(sourceLine, column)).append('\n');
        }
        return text.toString();
    }

    /** An exception a snippet threw, with the stack trace of the user's code. */
    String thrown(JShellException exception, Map<String, Integer> linesOfThisCall) {
        if (exception instanceof UnresolvedReferenceException unresolved) {
            DeclarationSnippet declaration = unresolved.getSnippet();
            return "attempted to use " + describe(declaration) + " which " + blocker(declaration) + "\n";
        }
        StringBuilder text = new StringBuilder();
        Throwable current = exception;
        String prefix = "";
        while (current != null) {
            String type = current instanceof EvalException eval ? eval.getExceptionClassName() : current.getClass().getName();
            text.append(prefix).append(type).append(current.getMessage() == null ? "" : ": " + current.getMessage()).append('\n');
            appendFrames(text, current.getStackTrace(), linesOfThisCall);
            current = current.getCause();
            prefix = "Caused by: ";
        }
        return text.toString();
    }

    private static void appendFrames(StringBuilder text, StackTraceElement[] frames, Map<String, Integer> linesOfThisCall) {
        for (int i = 0; i < Math.min(frames.length, MAX_FRAMES); i++) {
            text.append("\tat ").append(frame(frames[i], linesOfThisCall)).append('\n');
        }
        if (frames.length > MAX_FRAMES) {
            text.append("\t... ").append(frames.length - MAX_FRAMES).append(" more\n");
        }
    }

    /** A JDK frame as Java prints it; a snippet frame ({@code #id:line}) by its line in this call when it is from this call. */
    private static String frame(StackTraceElement frame, Map<String, Integer> linesOfThisCall) {
        String file = frame.getFileName();
        String method = frame.getMethodName().equals("do_it$") ? "" : frame.getMethodName();
        String name = frame.getClassName().isEmpty() ? method
                : method.isEmpty() ? frame.getClassName() : frame.getClassName() + "." + method;
        if (file != null && file.startsWith("#")) {
            Integer start = linesOfThisCall.get(file.substring(1));
            String where = start != null ? "line " + (start + Math.max(frame.getLineNumber(), 1) - 1)
                    : file + ":" + frame.getLineNumber() + ", an earlier call";
            return (name.isEmpty() ? "" : name + " ") + "(" + where + ")";
        }
        String location = frame.isNativeMethod() ? "Native Method"
                : file == null ? "Unknown Source" : frame.getLineNumber() >= 0 ? file + ":" + frame.getLineNumber() : file;
        return name + "(" + location + ")";
    }

    /**
     * created, modified or replaced, as jshell says it: a method whose signature stays (a new
     * body) is modified; a new signature, or a changed class, replaces the old declaration.
     */
    private static String action(SnippetEvent event, List<SnippetEvent> events) {
        Status before = event.previousStatus();
        if (before == Status.NONEXISTENT || before == Status.REJECTED || before == Status.DROPPED) {
            return "created";
        }
        Optional<Snippet> old = events.stream()
                .filter(e -> e.status() == Status.OVERWRITTEN && e.causeSnippet() == event.snippet())
                .map(SnippetEvent::snippet).findFirst();
        boolean sameSignature = event.snippet() instanceof MethodSnippet method
                ? old.filter(o -> o instanceof MethodSnippet m && m.signature().equals(method.signature())).isPresent()
                : !event.isSignatureChange();
        return sameSignature ? "modified" : "replaced";
    }

    static String describe(DeclarationSnippet declaration) {
        return switch (declaration) {
            case MethodSnippet method -> "method " + method.name() + "(" + method.parameterTypes() + ")";
            case VarSnippet var -> "variable " + var.name();
            default -> switch (declaration.subKind()) {
                case INTERFACE_SUBKIND -> "interface ";
                case ENUM_SUBKIND -> "enum ";
                case RECORD_SUBKIND -> "record ";
                case ANNOTATION_TYPE_SUBKIND -> "annotation interface ";
                default -> "class ";
            } + declaration.name();
        };
    }

    /** jshell's ", however, it cannot be invoked until method h() is declared", or nothing. */
    private String unresolvedNote(DeclarationSnippet declaration, Status status) {
        boolean recoverable = status == Status.RECOVERABLE_DEFINED || status == Status.RECOVERABLE_NOT_DEFINED;
        return recoverable ? ", however, it " + blocker(declaration) : "";
    }

    private String blocker(DeclarationSnippet declaration) {
        List<String> missing = shell.unresolvedDependencies(declaration).toList();
        if (missing.isEmpty()) {
            return "cannot be used until its errors are fixed";
        }
        String verb = declaration instanceof MethodSnippet ? "invoked" : "referenced";
        return "cannot be " + verb + " until " + String.join(", ", missing) + (missing.size() == 1 ? " is" : " are")
                + " declared";
    }

    /** javac's message without its "location: class" line, which names jshell's hidden wrapper class. */
    private static String message(Diag diag) {
        return diag.getMessage(Locale.ROOT).lines()
                .filter(line -> !line.strip().startsWith("location: class"))
                .collect(Collectors.joining("\n"));
    }

    private static String lineOf(String code, int line) {
        List<String> lines = code.lines().toList();
        return line >= 1 && line <= lines.size() ? lines.get(line - 1) : "";
    }

    /** A caret under the column; tabs are kept so it lines up under tabs too. */
    private static String caret(String sourceLine, int column) {
        StringBuilder pad = new StringBuilder();
        for (int i = 0; i < column - 1 && i < sourceLine.length(); i++) {
            pad.append(sourceLine.charAt(i) == '\t' ? '\t' : ' ');
        }
        return pad.append('^').toString();
    }

    private static String firstLine(String text) {
        return text.lines().findFirst().orElse("");
    }
}
