package dev.rosetta.tools.shell.syntax;

import java.util.List;
import java.util.Random;

/**
 * Random bash lines built from the constructs a parser can get wrong — quoting of every kind,
 * comments holding quotes and backslashes, continuations, here-documents, substitutions inside
 * substitutions, compound commands, functions — around calls of programs named {@code p0}…{@code p5},
 * whose every run a test can log.
 */
final class RandomLines {

    private final Random random;
    private int functions;

    RandomLines(long seed) {
        this.random = new Random(seed);
    }

    String line() {
        functions = 0;
        return list(3);
    }

    private String pick(List<String> options) {
        return options.get(random.nextInt(options.size()));
    }

    private String list(int depth) {
        StringBuilder out = new StringBuilder(command(depth));
        int more = random.nextInt(3);
        for (int i = 0; i < more; i++) {
            out.append(pick(List.of("; ", " && ", " || ", " | ", " & ", "\n", " ;\n", " \\\n && "))).append(command(depth));
        }
        return out.toString();
    }

    private String command(int depth) {
        int kind = depth <= 0 ? 0 : random.nextInt(24);
        return switch (kind) {
            case 1 -> "{ " + list(depth - 1) + "; }";
            case 2 -> "( " + list(depth - 1) + " )";
            case 3 -> "if " + command(depth - 1) + "; then " + list(depth - 1) + "; else " + list(depth - 1) + "; fi";
            case 4 -> "for v in 1 2; do " + list(depth - 1) + "; done";
            case 5 -> "case x in x) " + list(depth - 1) + " ;; *) " + command(depth - 1) + " ;; esac";
            case 6 -> {
                String name = "f" + functions++;
                yield name + "() { " + list(depth - 1) + "; }; " + name + " " + argument(depth - 1);
            }
            case 7 -> pick(List.of("! ", "time ", "! time ", "FOO=1 ", "FOO=$(p1) ")) + command(depth - 1);
            case 8 -> hereDocument(depth);
            case 9 -> simple(depth) + " # " + pick(List.of("it's fine", "a \"quote", "ends in \\", "$(p9)", "`p9`"))
                    + "\n" + simple(depth);
            case 10 -> "while false; do " + list(depth - 1) + "; done";
            case 11 -> "[[ " + argument(depth - 1) + " == x ]] || " + simple(depth - 1);
            case 12 -> "X=" + argument(depth - 1) + " " + simple(depth - 1);
            case 13 -> simple(depth) + " 2>/dev/null " + pick(List.of("", ">/dev/null", "2>&1"));
            case 14 -> {
                String name = "g" + functions++;
                yield "function " + name + " { " + list(depth - 1) + "; }; " + name;
            }
            case 15 -> "for ((i=0; i<1; i++)); do " + list(depth - 1) + "; done";
            case 16 -> "A=(x " + argument(depth - 1) + " 'y z'); declare -a B=(" + argument(depth - 1) + ") && "
                    + simple(depth - 1);
            case 17 -> "[[ ab =~ ^(a|b)+$ ]] && " + simple(depth - 1);
            case 18 -> simple(depth - 1) + pick(List.of(" |& ", " &>/dev/null | ", " >&2 | ")) + simple(depth - 1);
            case 19 -> "coproc { " + list(depth - 1) + "; }";
            case 20 -> "if false; then " + list(depth - 1) + "; elif " + command(depth - 1) + "; then "
                    + list(depth - 1) + "; fi";
            case 21 -> "case y in x) " + list(depth - 1) + " ;& y) " + list(depth - 1) + " ;;& *) "
                    + command(depth - 1) + " ;; esac";
            case 22 -> "(( " + pick(List.of("1", "2 > 1", "$[1+1]")) + " )) && " + simple(depth - 1);
            case 23 -> "{ " + list(depth - 1) + "; } 2>/dev/null " + pick(List.of("<<< x", "< /dev/null", ""));
            default -> simple(depth);
        };
    }

    private String hereDocument(int depth) {
        String inner = simple(depth - 1);
        return switch (random.nextInt(4)) {
            case 0 -> program() + " <<EOF\nline $(" + inner + ")\n`" + simple(0) + "`\nEOF\n" + simple(0);
            case 1 -> program() + " <<'EOF'\n$(p9 never)\nEOF\n" + simple(0);
            case 2 -> program() + " <<-EOF\n\t$(" + inner + ")\n\tEOF\n" + simple(0);
            default -> program() + " <<< \"$(" + inner + ")\"";
        };
    }

    private String simple(int depth) {
        StringBuilder out = new StringBuilder(program());
        int args = random.nextInt(4);
        for (int i = 0; i < args; i++) {
            out.append(' ').append(argument(depth - 1));
        }
        return out.toString();
    }

    private String program() {
        String p = "p" + random.nextInt(6);
        return switch (random.nextInt(8)) {
            case 0 -> "'" + p + "'";
            case 1 -> "\"" + p + "\"";
            case 2 -> "\\" + p;
            case 3 -> "p''" + p.substring(1);
            case 4 -> "$'\\x70'" + p.substring(1);
            case 5 -> "p\\\n" + p.substring(1);
            default -> p;
        };
    }

    private String argument(int depth) {
        if (depth <= 0) {
            return pick(List.of("a", "'b c'", "\"d;e\"", "f\\ g", "'it'\\''s'", "$'h\\ti'", "\"${UNSET:-x y}\"",
                    "$((1+2))", "{1,2}", "a#b", "'#'", "\"'\"", "'\"'", "~", "-rf", "--x=y"));
        }
        String inner = list(depth - 1);
        return switch (random.nextInt(8)) {
            case 0 -> "$(" + inner + ")";
            case 1 -> "\"$(" + inner + ")\"";
            case 2 -> "`" + simple(0) + "`";
            case 3 -> "<(" + inner + ")";
            case 4 -> "${UNSET:-$(" + inner + ")}";
            case 5 -> "\"x$(" + simple(0) + " \"a b\")y\"";
            case 6 -> random.nextInt(8) == 0 ? "#a-comment" : argument(0);
            default -> argument(0);
        };
    }
}
