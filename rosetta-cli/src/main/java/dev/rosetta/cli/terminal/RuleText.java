package dev.rosetta.cli.terminal;

import dev.rosetta.cli.render.TerminalText;
import dev.rosetta.tools.permission.PermissionRule;

/** A rule the confirmation offers to remember, in words: {@code shell "git status*"}, {@code every save call}. */
public final class RuleText {

    private RuleText() {}

    public static String of(PermissionRule rule) {
        String tool = TerminalText.safe(rule.tool()).replace('\n', ' ');
        if (rule.pattern().equals("**")) {
            return "every " + tool + " call";
        }
        return tool + " " + TerminalText.safe("\"" + rule.pattern() + "\"").replace('\n', ' ');
    }
}
