package dev.rosetta.tools.shell;

/** The command text as the model meant it. */
final class ShellCommand {

    private ShellCommand() {}

    /**
     * Models sometimes copy the prompt into a one-line command ({@code $ ls -la}); the {@code $ }
     * is dropped there (every one: applied again, it changes nothing, so what the permission rules
     * checked is what runs). Nothing else is touched: the text goes to bash as written.
     */
    static String normalize(String command) {
        String trimmed = command.strip();
        if (!trimmed.startsWith("$ ") || trimmed.indexOf('\n') >= 0) {
            return command;
        }
        while (trimmed.startsWith("$ ")) {
            trimmed = trimmed.substring(2).stripLeading();
        }
        return trimmed;
    }
}
