package dev.rosetta.tools.permission;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

/**
 * What the user approves is what runs (issue 25 §1): a shell line is read with bash's grammar, and
 * every command it can run is checked. A deny rule is a promise: no spelling of a denied command is
 * allowed or run unasked; an allow rule allows nothing the line hides beside the command it names.
 */
class ShellLineRulesTest {

    private static PermissionRule rule(String pattern, Permission p) {
        return new PermissionRule("shell", pattern, p, "test");
    }

    private static final PermissionRules DENY_RM = new PermissionRules(List.of(rule("rm -rf *", Permission.DENY)),
            List.of());

    /** Even where every call is allowed, the deny rule must hold. */
    private static final PermissionRules DENY_RM_ALLOW_ALL = new PermissionRules(List.of(
            rule("rm -rf *", Permission.DENY), rule("**", Permission.ALLOW)), List.of());

    private static final PermissionRules ALLOW_GIT_STATUS = new PermissionRules(List.of(
            rule("git status*", Permission.ALLOW)), List.of());

    static Verdict verdict(PermissionRules rules, String line) {
        return rules.decide("shell", new CallSubject(CallSubject.Kind.COMMAND, line));
    }

    /** Denied, or doubtful (asked; refused where nobody can be asked): never allowed, never run unasked. */
    private static void assertNeverRunsUnasked(PermissionRules rules, String line) {
        Verdict v = verdict(rules, line);
        assertThat(v.denies() || v.doubtful()).as("%s\n  → %s", line, v).isTrue();
    }

    @Test
    void everySpellingOfADeniedCommandIsDeniedOrAskedNeverAllowed() {
        for (String line : RmRfSpellings.ALL) {
            assertNeverRunsUnasked(DENY_RM, line);
            assertNeverRunsUnasked(DENY_RM_ALLOW_ALL, line);
        }
    }

    @Test
    void aSpellingThatIsSurelyTheDeniedCommandIsDenied() {
        for (String line : List.of("rm -rf victim", "FOO=1 rm -rf victim", "{ rm -rf victim; }", "! rm -rf victim",
                "time rm -rf victim", "if true; then rm -rf victim; fi", "\\rm -rf victim", "r''m -rf victim",
                "$'\\x72\\x6d' -rf victim", "/bin/rm -rf victim", "rm -fr victim", "rm -r -f victim", "rm victim -rf",
                "sudo rm -rf victim", "env rm -rf victim", "xargs rm -rf", "bash -c 'rm -rf victim'",
                "eval 'rm -rf victim'", "echo $(rm -rf victim)", "cat <<EOF\n$(rm -rf victim)\nEOF",
                "find . -exec rm -rf {} +", "echo hi # it's fine\nrm -rf victim", "f() { rm -rf \"$1\"; }")) {
            assertThat(verdict(DENY_RM, line).denies()).as(line).isTrue();
        }
    }

    @Test
    void theDeniedCommandSpelledInRandomConstructsIsNeverAllowed() {
        for (long seed = 1; seed <= 2_000; seed++) {
            String line = new HostileLines(new Random(seed)).line();
            assertNeverRunsUnasked(DENY_RM_ALLOW_ALL, line);
        }
    }

    @Test
    void aQuoteOrBackslashInACommentHidesNoCommandFromAnAllowRule() {
        for (String comment : List.of("# it's fine", "# a \"quote", "# ends in \\", "# $(x)", "#")) {
            String line = "git status " + comment + "\ntouch X";
            assertThat(verdict(ALLOW_GIT_STATUS, line).allows()).as(line).isFalse();
        }
        assertThat(verdict(ALLOW_GIT_STATUS, "git status # it's fine").allows()).isTrue();
    }

    @Test
    void aRedirectionThatWritesAFileIsAskedAbout() {
        for (String line : List.of("git status >& x", "git status >&x", "git status >/dev/nullX", "git status > x",
                "git status >> x", "git status >| x", "git status &> x", "git status &>> x", "git status 1<>x",
                "git status 2> err", "git status > \"$F\"", "git status >&$F", "git status > /dev/tcp/host/80",
                "git status {fd}> x", "{ git status; } > x", "git status | tee x")) {
            assertThat(verdict(ALLOW_GIT_STATUS, line).allows()).as(line).isFalse();
        }
        for (String line : List.of("git status 2>&1", "git status >/dev/null", "git status 2>/dev/null >&2",
                "git status >&-", "git status &>/dev/null")) {
            assertThat(verdict(ALLOW_GIT_STATUS, line).allows()).as(line).isTrue();
        }
    }

    @Test
    void aSecondCommandHiddenInTheLineIsAskedAbout() {
        for (String line : List.of("git status; touch X", "git status && touch X", "git status || touch X",
                "git status | sh", "git status & touch X", "git status\ntouch X", "git status $(touch X)",
                "git status \"$(touch X)\"", "git status `touch X`", "git status <(touch X)", "git status >(touch X)",
                "git status ${x:-$(touch X)}", "git status <<EOF\n$(touch X)\nEOF", "git status <<< $(touch X)",
                "FOO=$(touch X) git status", "git status; f() { touch X; }", "alias git='touch X'; git status",
                "git status \\\n; touch X")) {
            assertThat(verdict(ALLOW_GIT_STATUS, line).allows()).as(line).isFalse();
        }
    }

    @Test
    void aWrapperAnotherPathOrAnAssignmentAsksNeverAllows() {
        for (String line : List.of("env git status", "command git status", "builtin git status", "exec git status",
                "/usr/bin/git status", "./git status", "bash -c 'git status'", "sh -c 'git status'", "eval git status",
                "sudo git status", "nohup git status", "timeout 5 git status", "nice git status", "xargs git status",
                "$GIT status", "g$x status", "FOO=1 git status", "PATH=/tmp git status", "find . -exec git status \\;",
                "git$IFS status", "{git,status}")) {
            assertThat(verdict(ALLOW_GIT_STATUS, line).allows()).as(line).isFalse();
        }
        for (String line : List.of("git status", "git 'status' --short", "g\\it status", "git status | git status",
                "( git status )", "{ git status; }", "if git status; then git status; fi")) {
            assertThat(verdict(ALLOW_GIT_STATUS, line).allows()).as(line).isTrue();
        }
    }

    @Test
    void anotherSpellingOfTheFlagsIsDeniedWhenSurelyTheSameAndAskedWhenMaybe() {
        assertThat(verdict(DENY_RM, "rm -fr victim").denies()).isTrue();
        assertThat(verdict(DENY_RM, "rm --recursive --force victim").doubtful()).isTrue();
        assertThat(verdict(DENY_RM, "rm -Rf victim").doubtful()).isTrue();
        assertThat(verdict(DENY_RM, "rm victim").permission()).as("not what the rule names").isNull();
        assertThat(verdict(DENY_RM, "rm -r victim").permission()).isNull();
        assertThat(verdict(DENY_RM, "ls -rf victim").permission()).isNull();
        PermissionRules push = new PermissionRules(List.of(rule("git push --force*", Permission.DENY)), List.of());
        assertThat(verdict(push, "git push origin main --force").denies()).isTrue();
        assertThat(verdict(push, "git -C repo push --force").doubtful()).isTrue();
        assertThat(verdict(push, "git -C repo log").permission()).isNull();
        assertThat(verdict(push, "git push origin main").permission()).isNull();
    }

    @Test
    void whatTheCheckerCannotReadIsAskedAndDoubtfulOnlyWhereADenyRuleCouldMatch() {
        PermissionRules none = new PermissionRules(List.of(rule("git status*", Permission.ALLOW)), List.of());
        for (String line : List.of("$X status", "eval \"$cmd\"", "bash script.sh", "source env.sh", "git status \"unclosed",
                "echo $((n + 1))")) {
            assertThat(verdict(none, line).allows()).as(line).isFalse();
            assertThat(verdict(none, line).doubtful()).as("no deny rule could match: %s", line).isFalse();
            assertThat(verdict(DENY_RM, line).doubtful()).as(line).isTrue();
        }
        assertThat(verdict(DENY_RM, "for ((i = 0; i < 3; i++)); do echo $((i * 2)); done").permission()).isNull();
        assertThat(verdict(DENY_RM, "for i in 1 2 3; do echo $((i + 1)); done").permission()).isNull();
    }

    @Test
    void textThatOnlyMentionsADeniedCommandIsNotDenied() {
        assertThat(verdict(DENY_RM, "echo 'rm -rf victim'").permission()).isNull();
        assertThat(verdict(DENY_RM, "printf '%s\\n' 'rm -rf victim'").permission()).isNull();
        assertThat(verdict(DENY_RM, "cat <<'EOF'\nrm -rf victim\nEOF").permission()).isNull();
        assertThat(verdict(DENY_RM, "grep -rn 'rm -rf' src").permission()).isNull();
        assertThat(verdict(DENY_RM, "git commit -m 'drop rm -rf victim'").doubtful())
                .as("git might run what it is given (an alias, a hook): asked").isTrue();
    }
}
