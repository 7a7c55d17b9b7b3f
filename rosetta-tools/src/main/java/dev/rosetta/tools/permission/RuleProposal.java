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
                if (line.simple() && !line.opaque() && line.commands().getFirst().contains(" ")) {
                    patterns.add(Glob.literal(program(line.commands().getFirst())) + "*");
                }
                patterns.add(Glob.literal(line.normalized()));
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
    private static String program(String command) {
        String[] words = command.split(" ");
        return words[1].matches("[a-z][a-z0-9-]*") ? words[0] + " " + words[1] : words[0] + " ";
    }
}
