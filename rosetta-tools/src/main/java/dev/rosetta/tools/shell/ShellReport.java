package dev.rosetta.tools.shell;

import java.nio.file.Path;
import java.time.Duration;

import dev.rosetta.core.tool.ErrorCode;
import dev.rosetta.core.tool.ToolResult;

/**
 * A call's outcome as the model reads it: the output as a terminal would show it, or
 * {@code (no output)}, then one bracketed line when something else happened (a non-zero exit
 * code, a timeout, a lost session). The command is not echoed back.
 */
final class ShellReport {

    private static final String STATE_GONE = "the working directory, variables and functions of earlier commands are gone";

    private ShellReport() {}

    static ToolResult toResult(ShellSession.Outcome outcome, String notice, Duration timeout) {
        String text = body(outcome, notice);
        return switch (outcome.ending()) {
            case FINISHED -> outcome.status() == 0 ? ToolResult.ok(text)
                    : error(ErrorCode.exitCode(outcome.status()), text, "exit code " + outcome.status());
            case TIMED_OUT -> error(ErrorCode.TIMEOUT, text, "timed out after " + describe(timeout) + ": " + stopped(outcome));
            case CANCELED -> error(ErrorCode.CANCELED, text, "canceled: " + stopped(outcome));
            case SHELL_EXITED -> {
                String line = "the shell exited" + (outcome.status() >= 0 ? " with status " + outcome.status() : "")
                        + "; the next command starts a fresh shell: " + STATE_GONE;
                yield outcome.status() > 0 ? error(ErrorCode.exitCode(outcome.status()), text, line)
                        : ToolResult.ok(text + "\n[" + line + "]");
            }
        };
    }

    /** Starts the first result from a new shell that replaced one that ended. */
    static String freshSessionNotice(Path workspace) {
        return "[a fresh shell in " + workspace + " ran this: the previous one had exited, so " + STATE_GONE + "]";
    }

    private static String body(ShellSession.Outcome outcome, String notice) {
        StringBuilder text = new StringBuilder();
        if (!notice.isEmpty()) {
            text.append(notice).append('\n');
        }
        if (!outcome.background().isEmpty()) {
            text.append("[background jobs printed this since the last command:]\n")
                    .append(withoutTrailingBreaks(outcome.background()))
                    .append("\n[end of background output]\n");
        }
        String output = withoutTrailingBreaks(outcome.output());
        return text.append(output.isEmpty() ? "(no output)" : output).toString();
    }

    private static String stopped(ShellSession.Outcome outcome) {
        return outcome.stateLost()
                ? "the shell did not stop, so it was killed; the next command starts a fresh shell: " + STATE_GONE
                : "the command was stopped; the shell keeps its working directory and variables";
    }

    /** The tag on a line of its own, so the output's first line reads as output. */
    private static ToolResult error(ErrorCode code, String text, String line) {
        return ToolResult.error(code, code.tag() + "\n" + text + "\n[" + line + "]");
    }

    private static String withoutTrailingBreaks(String text) {
        int end = text.length();
        while (end > 0 && (text.charAt(end - 1) == '\n' || text.charAt(end - 1) == '\r')) {
            end--;
        }
        return text.substring(0, end);
    }

    static String describe(Duration duration) {
        long millis = duration.toMillis();
        if (millis < 60_000) {
            return millis % 1000 == 0 ? millis / 1000 + " s" : String.format(java.util.Locale.ROOT, "%.1f s", millis / 1000.0);
        }
        long seconds = duration.toSeconds();
        long minutes = seconds / 60;
        return minutes + " min" + (seconds % 60 == 0 ? "" : " " + seconds % 60 + " s");
    }
}
