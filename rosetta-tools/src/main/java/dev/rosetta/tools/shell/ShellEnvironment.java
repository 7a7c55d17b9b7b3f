package dev.rosetta.tools.shell;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The environment the shell starts with: Rosetta's own, minus what would change how bash starts,
 * plus settings that keep programs from waiting for a terminal that is not there. The secrets are
 * taken out where every tool's are, by the {@link dev.rosetta.tools.sandbox.Sandbox}.
 */
final class ShellEnvironment {

    /** Variables bash or its startup would act on behind the model's back. */
    private static final Set<String> DROPPED = Set.of("BASH_ENV", "ENV", "PROMPT_COMMAND", "HISTFILE", "PS0",
            "PS1", "PS2", "MAILCHECK", "MAILPATH");

    /** Programs print plainly, never page, never prompt. */
    private static final Map<String, String> QUIET = orderedMap(
            "PAGER", "cat",
            "GIT_PAGER", "cat",
            "MANPAGER", "cat",
            "SYSTEMD_PAGER", "cat",
            "TERM", "dumb",
            "NO_COLOR", "1",
            "CLICOLOR", "0",
            "GIT_TERMINAL_PROMPT", "0",
            "DEBIAN_FRONTEND", "noninteractive",
            // Python's stdout is block-buffered into a pipe: output would arrive out of order
            // with stderr, and a command stopped by a timeout would lose what it printed.
            "PYTHONUNBUFFERED", "1");

    private ShellEnvironment() {}

    static Map<String, String> forBash(Map<String, String> inherited) {
        Map<String, String> env = new LinkedHashMap<>();
        inherited.forEach((name, value) -> {
            if (!DROPPED.contains(name)) {
                env.put(name, value);
            }
        });
        env.putAll(QUIET);
        return env;
    }

    private static Map<String, String> orderedMap(String... pairs) {
        Map<String, String> map = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            map.put(pairs[i], pairs[i + 1]);
        }
        return map;
    }
}
