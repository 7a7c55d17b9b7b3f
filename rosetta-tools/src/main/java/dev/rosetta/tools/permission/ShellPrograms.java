package dev.rosetta.tools.permission;

import java.util.Set;

/**
 * What the checker knows of programs and builtins beyond their names: which run another command
 * given in their arguments, which run shell code, which change what later names mean. It knows
 * bash's own builtins whole; of other programs it knows the common wrappers, and for every other
 * program it still looks at the arguments (a program not listed here may run them too, so a deny
 * rule's command among them makes the line doubtful, never allowed unasked).
 */
final class ShellPrograms {

    private ShellPrograms() {}

    /**
     * Run the command their arguments hold, after options of their own ({@code sudo rm -rf x},
     * {@code xargs rm}, {@code find . -exec rm {} +}), or a command written as one argument
     * ({@code su -c 'rm x'}, {@code watch 'rm x'}, {@code ssh host 'rm x'}).
     */
    static final Set<String> WRAPPERS = Set.of("env", "command", "builtin", "exec", "nohup", "setsid", "stdbuf", "nice",
            "ionice", "timeout", "time", "sudo", "doas", "chroot", "flock", "xargs", "parallel", "unbuffer", "strace",
            "ltrace", "taskset", "chrt", "runuser", "catchsegv", "fakeroot", "nsenter", "unshare", "firejail",
            "systemd-run", "busybox", "watch", "caffeinate", "script", "su", "find", "sg", "newgrp", "pkexec", "ssh",
            "sshpass", "torsocks", "proxychains", "proxychains4", "valgrind", "gdb", "perf", "cpulimit",
            "eatmydata", "faketime", "with-contenv", "tini", "dumb-init", "chpst", "setpriv", "softlimit", "numactl");

    /** Builtins (and programs) that never run their arguments: what they are given is only text. */
    static final Set<String> INERT = Set.of("echo", "printf", "true", "false", ":", "pwd", "test", "[");

    /** Shells: {@code -c CODE} runs code, a file or their input runs a script. */
    static final Set<String> SHELLS = Set.of("bash", "sh", "dash", "zsh", "ksh", "mksh", "ash", "yash", "posh", "fish",
            "rbash", "ksh93", "pdksh", "oksh", "tcsh", "csh");

    /** Bash builtins that run their arguments as shell code. */
    static final Set<String> CODE_BUILTINS = Set.of("eval", "trap");

    /** Bash builtins that run a file's commands in this shell. */
    static final Set<String> SOURCING = Set.of("source", ".");

    /**
     * Bash builtins that change what a name runs from then on (in this line and, the session
     * being kept, in later calls): aliases, the command hash, loadable builtins.
     */
    static final Set<String> REDEFINING = Set.of("alias", "hash", "enable");

    /** Variables that change which program a name runs, or make bash run code of their own. */
    static final Set<String> REDEFINING_VARIABLES = Set.of("PATH", "BASH_ENV", "ENV", "PROMPT_COMMAND", "PS0", "PS4",
            "SHELLOPTS", "BASHOPTS", "BASH_ALIASES", "BASH_CMDS", "BASH_LOADABLES_PATH", "EXECIGNORE", "CDPATH");

    /** Builtins that take a variable's name, whose subscript bash evaluates ({@code printf -v 'a[$(cmd)]'}). */
    static final Set<String> NAME_TAKING = Set.of("declare", "typeset", "local", "export", "readonly", "unset", "read",
            "printf", "test", "[", "let", "mapfile", "readarray", "getopts", "wait", "shift");
}
