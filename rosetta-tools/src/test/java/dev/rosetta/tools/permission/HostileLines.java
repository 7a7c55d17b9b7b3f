package dev.rosetta.tools.permission;

import java.util.List;
import java.util.Random;

/**
 * Random lines that run {@code rm -rf victim}: the command spelled one of many ways (quoting,
 * paths, flags, variables, wrappers, shells, eval) inside one of many constructs (lists, pipelines,
 * compound commands, functions, substitutions, here-documents, comments that hide nothing).
 */
final class HostileLines {

    private final Random random;

    HostileLines(Random random) {
        this.random = random;
    }

    private String pick(List<String> options) {
        return options.get(random.nextInt(options.size()));
    }

    String line() {
        return around(spelled(), 2);
    }

    private String program() {
        return pick(List.of("rm", "\\rm", "r''m", "\"rm\"", "'rm'", "r\\m", "$'rm'", "$'\\x72m'", "$'\\162\\155'",
                "/bin/rm", "/usr/bin/rm", "./rm", "$RM", "${RM:-rm}", "$(echo rm)", "`echo rm`", "r$(true)m", "r*",
                "/bin/r?", "{rm,}", "r\\\nm"));
    }

    private String flags() {
        return pick(List.of("-rf", "-fr", "-r -f", "-f -r", "-Rf", "-rfv", "-vrf", "--recursive --force", "-r --force",
                "\"-rf\"", "'-r'f", "-$F", "$FLAGS", "-rf --", "-\\rf"));
    }

    private String spelled() {
        String target = pick(List.of("victim", "'victim'", "vic\"tim\"", "./victim", "$V", "victim/", "vic*", "{victim,x}"));
        String command = switch (random.nextInt(3)) {
            case 0 -> program() + " " + flags() + " " + target;
            case 1 -> program() + " " + target + " " + flags();
            default -> program() + " " + flags() + " " + target + " 2>/dev/null";
        };
        return wrapped(command);
    }

    private String wrapped(String command) {
        String quoted = "'" + command.replace("'", "'\\''") + "'";
        return switch (random.nextInt(18)) {
            case 0 -> pick(List.of("env ", "command ", "exec ", "nohup ", "sudo ", "nice -n 1 ", "timeout 9 ",
                    "stdbuf -o0 ", "setsid ", "FOO=1 ", "env -i ", "time ", "! ")) + command;
            case 1 -> pick(List.of("bash -c ", "sh -c ", "bash -lc ", "eval ", "su -c ", "watch ", "ssh host "))
                    + quoted;
            case 2 -> "echo victim | xargs " + command.replaceFirst(" [^ ]*$", "");
            case 3 -> "find . -name victim -exec " + command + " \\;";
            case 4 -> "bash <<'EOF'\n" + command + "\nEOF";
            case 5 -> "bash <<< " + quoted;
            case 6 -> "printf '%s\\n' " + quoted + " | " + pick(List.of("bash", "sh", "bash -s"));
            case 7 -> "f() { " + command + "; }; f";
            case 8 -> "alias x=" + quoted + "; x";
            case 9 -> "trap " + quoted + " EXIT";
            default -> command;
        };
    }

    private String around(String command, int depth) {
        if (depth == 0) {
            return command;
        }
        String inner = around(command, depth - 1);
        return switch (random.nextInt(22)) {
            case 0 -> "{ " + inner + "; }";
            case 1 -> "( " + inner + " )";
            case 2 -> "if true; then " + inner + "; fi";
            case 3 -> "while true; do " + inner + "; break; done";
            case 4 -> "for i in 1; do " + inner + "; done";
            case 5 -> "case x in x) " + inner + " ;; esac";
            case 6 -> "echo \"$( " + inner + ")\"";
            case 7 -> "echo `" + inner.replace("\\", "\\\\").replace("`", "\\`") + "`";
            case 8 -> "cat <(" + inner + ")";
            case 9 -> "cat <<EOF\n$( " + inner + ")\nEOF";
            case 10 -> "true && " + inner;
            case 11 -> "false || " + inner;
            case 12 -> "echo ok | " + inner;
            case 13 -> "git status # it's fine\n" + inner;
            case 14 -> "git status # \"\n" + inner;
            case 15 -> "git status # \\\n" + inner;
            case 16 -> "x=$( " + inner + ")";
            case 17 -> "[[ -e victim ]] && " + inner;
            case 18 -> inner + " &";
            case 19 -> "echo ${UNSET:-$( " + inner + ")}";
            case 20 -> "true \\\n; " + inner;
            default -> inner;
        };
    }
}
