package dev.rosetta.agent.hooks;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * One {@code [[hooks]]} entry of a config file: a command to run at an event.
 *
 * @param event       when it runs
 * @param matcher     which occurrences of the event it runs for (the tool, the notification's type…)
 * @param command     a shell command (run with {@code bash -c}); with {@code args}, the program itself
 * @param args        the program's arguments, no shell involved (Claude Code's exec form); null for a shell command
 * @param timeout     how long it may run before it is killed, with everything it started
 * @param source      the file that declares it
 * @param fromProject whether that file is a project's {@code rosetta.toml}, whose hooks run only once approved
 */
public record HookEntry(HookEvent event, HookMatcher matcher, String command, List<String> args, Duration timeout,
        Path source, boolean fromProject) {

    public HookEntry {
        Objects.requireNonNull(event, "event");
        matcher = matcher == null ? HookMatcher.ANY : matcher;
        Objects.requireNonNull(command, "command");
        args = args == null ? null : List.copyOf(args);
        timeout = timeout == null ? event.defaultTimeout() : timeout;
    }

    /**
     * Everything that decides what runs, as written: what a project's approval is given to, so a
     * changed entry is asked about again.
     */
    public String definition() {
        return event.hookName() + "\0" + matcher + "\0" + command + "\0" + (args == null ? "" : String.join("\0", args))
                + "\0" + timeout.toMillis();
    }

    /** One line naming it for the user: {@code PreToolUse shell|save: ./guard.sh}. */
    public String describe() {
        String what = args == null ? command : command + " " + String.join(" ", args);
        return event.hookName() + matcher.written().map(m -> " " + m).orElse("") + ": " + what;
    }
}
