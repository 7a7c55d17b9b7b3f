package dev.rosetta.tools.shell;

/** The command text as the model meant it. */
final class ShellCommand {

    private ShellCommand() {}

    /**
     * Models sometimes copy the prompt into a one-line command ({@code $ ls -la}); the {@code $ }
     * is dropped there. Nothing else is touched: the text goes to bash as written.
     */
    static String normalize(String command) {
        String trimmed = command.strip();
        if (trimmed.startsWith("$ ") && trimmed.indexOf('\n') < 0) {
            return trimmed.substring(2);
        }
        return command;
    }
}
