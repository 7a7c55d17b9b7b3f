package dev.rosetta.tools.permission;

import java.util.ArrayList;
import java.util.List;

/**
 * The rules the confirmation offers to remember for a call, broadest last: for a command, its
 * program and subcommand ({@code git status*}) and the command exactly; for a path, its folder
 * ({@code docs/**}) and the file exactly; and every call of the tool.
 */
public final class RuleProposal {

    /** Where a remembered rule comes from, for messages. */
    public static final String SOURCE = "remembered at a confirmation";

    private RuleProposal() {}

    public static List<PermissionRule> of(String tool, CallSubject subject) {
        List<String> patterns = new ArrayList<>();
        switch (subject.kind()) {
            case COMMAND -> {
                ShellLine line = ShellLine.parse(subject.text());
                List<LineCommand> direct = line.direct();
                if (direct.size() == 1 && line.unclassified().isEmpty() && line.writes().isEmpty()
                        && !direct.getFirst().runsOthers() && direct.getFirst().assignments().isEmpty()
                        && direct.getFirst().words().size() > 1 && direct.getFirst().words().stream().limit(2)
                                .allMatch(dev.rosetta.tools.shell.syntax.Word::known)) {
                    patterns.add(Glob.literal(program(direct.getFirst())) + "*");
                }
                patterns.add(Glob.literal(line.canonical()));
            }
            case PATH -> {
                int slash = subject.text().lastIndexOf('/');
                if (slash > 0) {
                    patterns.add(Glob.literal(subject.text().substring(0, slash)) + "/**");
                }
                patterns.add(Glob.literal(subject.text()));
            }
            case CODE, NONE -> { }
        }
        patterns.add("**");
        return patterns.stream().distinct().map(p -> new PermissionRule(tool, p, Permission.ALLOW, SOURCE)).toList();
    }

    /**
     * The program and, when the next word is a subcommand ({@code git status}, {@code npm test}),
     * that word too; else the program and a space, so that {@code ls -la} does not offer {@code
     * lsblk}.
     */
    private static String program(LineCommand command) {
        String first = command.words().get(0).text();
        String second = command.words().get(1).text();
        return second.matches("[a-z][a-z0-9-]*") ? first + " " + second : first + " ";
    }
}
