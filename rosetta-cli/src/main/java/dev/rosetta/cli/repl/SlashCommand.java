package dev.rosetta.cli.repl;

import java.util.regex.Pattern;

/** What the prompt takes for a slash command rather than a message for the model. */
public final class SlashCommand {

    private static final Pattern NAME = Pattern.compile("/[a-z][a-z-]*");

    private SlashCommand() {}

    /**
     * {@code /word}: a command, known or mistyped (a typo is reported, not sent to the model).
     * {@code /usr/bin/env …} and other paths are messages.
     */
    public static boolean looksLikeOne(String firstWord) {
        return NAME.matcher(firstWord).matches();
    }
}
