package dev.rosetta.tools.jshell;

import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import jdk.jshell.JShell;
import jdk.jshell.MethodSnippet;
import jdk.jshell.Snippet;
import jdk.jshell.VarSnippet;

/**
 * The jshell commands that look at the session ({@code /vars}, {@code /methods}, {@code /types},
 * {@code /imports}, {@code /list}), which models type out of habit. The JShell API has no
 * commands, so the host answers them itself, in jshell's format. Runs in the JShell host.
 */
final class JShellCommands {

    static final String SUPPORTED = "/vars, /methods, /types, /imports and /list";

    private final JShell shell;

    JShellCommands(JShell shell) {
        this.shell = shell;
    }

    /** Whether a line is a command rather than Java (a comment also starts with a slash). */
    static boolean isCommand(String line) {
        String text = line.strip();
        return text.startsWith("/") && !text.startsWith("//") && !text.startsWith("/*");
    }

    /** The command's answer, or empty if it is not one of the {@link #SUPPORTED} commands. */
    Optional<String> run(String command) {
        Stream<String> lines = switch (command.strip().split("\\s+")[0]) {
            case "/vars" -> active(shell.variables()).map(v -> v.typeName() + " " + v.name() + " = " + value(v));
            case "/methods" -> active(shell.methods()).map(m -> returnType(m) + " " + m.name() + "(" + m.parameterTypes() + ")");
            case "/types" -> active(shell.types()).map(SnippetFeedback::describe);
            case "/imports" -> active(shell.imports()).map(i -> "import " + (i.isStatic() ? "static " : "") + i.fullname());
            case "/list" -> active(shell.snippets()).filter(s -> !s.id().startsWith("s"))
                    .map(s -> String.format("%4s : %s", s.id(), s.source().strip().replace("\n", "\n       ")));
            default -> null;
        };
        if (lines == null) {
            return Optional.empty();
        }
        String prefix = command.strip().startsWith("/list") ? "" : "|    ";
        return Optional.of(lines.map(line -> prefix + line + "\n").collect(Collectors.joining()));
    }

    private <S extends Snippet> Stream<S> active(Stream<S> snippets) {
        return snippets.filter(s -> shell.status(s).isActive());
    }

    private String value(VarSnippet var) {
        return shell.status(var) == Snippet.Status.VALID ? shell.varValue(var) : "(not initialized)";
    }

    /** A method's signature is {@code (int)long}; its return type is what follows the parentheses. */
    private static String returnType(MethodSnippet method) {
        return method.signature().substring(method.signature().lastIndexOf(')') + 1);
    }
}
