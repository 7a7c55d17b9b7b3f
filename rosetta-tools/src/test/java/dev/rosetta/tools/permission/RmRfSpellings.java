package dev.rosetta.tools.permission;

import java.util.List;

/**
 * Spellings of {@code rm -rf victim}: the 18 (a prompt {@code $ }, assignments, groups,
 * {@code if}, {@code !}, {@code time}…) and many more — quoting, paths, flags, wrappers, shells,
 * {@code eval}, substitutions, here-documents, functions, aliases, comments that hide nothing.
 * Each must be denied or doubtful under a deny rule for {@code rm -rf *}.
 */
public final class RmRfSpellings {

    private RmRfSpellings() {}

    public static final List<String> ALL = List.of(
            "rm -rf victim", "FOO=1 rm -rf victim", "{ rm -rf victim; }", "if true; then rm -rf victim; fi",
            "! rm -rf victim", "time rm -rf victim", "(rm -rf victim)", "true && rm -rf victim",
            "false || rm -rf victim", "true; rm -rf victim", "echo | rm -rf victim", "true\nrm -rf victim",
            "rm -rf victim & wait", "\\rm -rf victim", "r''m -rf victim", "\"rm\" -rf victim", "'rm' '-rf' 'victim'",
            "r\\m -rf victim", "$'rm' -rf victim", "$'\\x72\\x6d' -rf victim", "/bin/rm -rf victim",
            "/usr/bin/rm -rf victim", "./rm -rf victim", "command rm -rf victim", "env rm -rf victim",
            "env -i PATH=/usr/bin rm -rf victim", "exec rm -rf victim", "nohup rm -rf victim",
            "timeout 5 rm -rf victim", "timeout -s KILL 5 rm -rf victim", "nice -n 5 rm -rf victim",
            "sudo rm -rf victim", "sudo -u root rm -rf victim", "xargs rm -rf <<< victim", "echo victim | xargs rm -rf",
            "find . -maxdepth 1 -name victim -exec rm -rf {} +", "bash -c 'rm -rf victim'", "sh -c \"rm -rf victim\"",
            "bash -lc 'rm -rf victim'", "eval 'rm -rf victim'", "eval rm -rf victim", "echo $(rm -rf victim)",
            "echo `rm -rf victim`", "cat <(rm -rf victim)", "cat <<EOF\n$(rm -rf victim)\nEOF",
            "cat <<< \"$(rm -rf victim)\"", "x=$(rm -rf victim)", "f() { rm -rf victim; }; f",
            "function f { rm -rf victim; }; f", "case x in x) rm -rf victim;; esac",
            "for i in 1; do rm -rf victim; done", "while true; do rm -rf victim; break; done",
            "[[ -d victim ]] && rm -rf victim", "(( 1 )) && rm -rf victim", "rm -fr victim", "rm -r -f victim",
            "rm -f -r victim", "rm victim -rf", "rm -rfv victim", "rm -Rf victim", "rm --recursive --force victim",
            "rm -r --force victim", "rm -rf -- victim", "X=rm; $X -rf victim", "$(echo rm) -rf victim",
            "{rm,-rf,victim}", "r{m,} -rf victim", "alias x='rm -rf'; x victim", "printf 'rm -rf victim' | bash",
            "bash <<< 'rm -rf victim'", "bash <<'EOF'\nrm -rf victim\nEOF", "echo 'rm -rf victim' > s.sh; bash s.sh",
            "source ./s.sh", ". ./s.sh", "watch -n1 rm -rf victim", "coproc rm -rf victim", "rm -rf vict''im",
            "rm -rf \"$PWD/victim\"", "rm -rf ./victim", "rm -rf vic*", "python3 -c 'import os; os.system(\"rm -rf victim\")'",
            "git -c core.pager='rm -rf victim' log", "ssh localhost 'rm -rf victim'", "su -c 'rm -rf victim'",
            "busybox rm -rf victim", "# comment\nrm -rf victim", "echo hi # it's a comment\nrm -rf victim",
            "echo hi # \"quote\nrm -rf victim", "echo hi # trailing \\\nrm -rf victim", "$ rm -rf victim",
            "rm \\\n-rf victim", "trap 'rm -rf victim' EXIT", "PATH=/tmp:$PATH rm -rf victim", "$RM -rf victim",
            "${RM:-rm} -rf victim", "\"$(which rm)\" -rf victim", "`which rm` -rf victim", "/bin/r? -rf victim",
            "rm -rf $(echo victim)", "rm -rf {victim,other}", "x='a[$(rm -rf victim)]'; echo $((x))",
            "echo ${x@P}", "hash -p /bin/rm ls; ls -rf victim", "ln -s /bin/rm ./zz; PATH=.:$PATH zz -rf victim",
            "command -p rm -rf victim", "builtin eval 'rm -rf victim'", "stdbuf -o0 rm -rf victim",
            "setsid rm -rf victim", "ionice -c3 rm -rf victim", "chroot / rm -rf victim", "flock /tmp/l rm -rf victim",
            "parallel rm -rf ::: victim", "script -qc 'rm -rf victim' /dev/null", "rm -rf victim 2>/dev/null",
            "{ rm -rf victim; } 2>&1 | cat");
}
