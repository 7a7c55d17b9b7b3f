package dev.rosetta.tools.permission;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

import dev.rosetta.tools.shell.syntax.Word;

/**
 * One set of rules (the user's, or the project's) judging a shell line ({@link ShellLine}).
 *
 * <ul>
 * <li>Denied when a deny rule matches any command the line surely runs, in any spelling that is
 * surely the same command ({@link CommandSpellings}), unless a longer rule matches it better.</li>
 * <li>Doubtful (asked, and refused where nobody can be asked) when a deny rule may match a command
 * — another spelling only its program knows, a part known only when it runs, a command in the
 * arguments of a program that may run it — or when the line holds anything the checker cannot
 * tell about and there is a deny rule at all.</li>
 * <li>Allowed only when every command written in the line is allowed as written (its assignments
 * included), none runs commands of its own (wrappers, shells, {@code eval}), nothing writes a file
 * by redirection, and the checker can tell about everything; or when a rule without wildcards names
 * exactly this line.</li>
 * </ul>
 */
final class ShellRules {

    private ShellRules() {}

    static Verdict decide(List<PermissionRule> all, String tool, ShellLine line) {
        return decide(all, tool, line, ProgramFiles.of(null));
    }

    /** @param programs what the programs named by a path are, from their files */
    static Verdict decide(List<PermissionRule> all, String tool, ShellLine line, ProgramFiles programs) {
        List<PermissionRule> rules = all.stream().filter(r -> r.tool().equals(tool)).toList();
        if (rules.isEmpty()) {
            return Verdict.NONE;
        }
        Verdict strictest = Verdict.NONE;
        List<LineCommand> allowed = new ArrayList<>();
        PermissionRule firstAllow = null;
        Set<Word> looked = Collections.newSetFromMap(new IdentityHashMap<>());
        for (LineCommand c : line.commands()) {
            Verdict v = judge(rules, c, looked, line, programs);
            if (v.allows()) {
                allowed.add(c);
                firstAllow = firstAllow == null ? v.rule() : firstAllow;
            } else {
                strictest = strictest.and(v);
            }
        }
        strictest = strictest.and(whole(rules, line));
        if (strictest.denies()) {
            return strictest;
        }
        Verdict exact = exactly(rules, line);
        if (exact != null) {
            return exact;
        }
        if (!strictest.doubtful() && !line.unclassified().isEmpty()) {
            PermissionRule deny = rules.stream().filter(r -> r.permission() == Permission.DENY).findFirst().orElse(null);
            if (deny != null) {
                strictest = Verdict.doubt(deny, line.unclassified().getFirst());
            }
        }
        if (strictest.permission() != null) {
            return strictest;
        }
        List<LineCommand> direct = line.direct();
        boolean allAllowed = !direct.isEmpty() && allowed.containsAll(direct) && line.unclassified().isEmpty()
                && line.writes().isEmpty();
        return allAllowed ? new Verdict(Permission.ALLOW, firstAllow) : Verdict.NONE;
    }

    /**
     * One command: the longest rule that surely matches it decides (the strictest on a tie), and
     * a deny rule that only may match it, longer than that, makes it doubtful. An allow rule counts
     * only for a command written in the line and running no others, matched as written.
     */
    private static Verdict judge(List<PermissionRule> rules, LineCommand c, Set<Word> looked, ShellLine line,
            ProgramFiles programs) {
        PermissionRule decisive = null;
        PermissionRule maybeDenied = null;
        PermissionRule maybeAsked = null;
        boolean allowable = c.how() == LineCommand.How.DIRECT && !c.runsOthers();
        for (PermissionRule r : rules) {
            Glob.Match m = r.permission() == Permission.ALLOW
                    ? allowable ? Glob.match(r.pattern(), c.written()) : Glob.Match.NO
                    : programs.match(r.pattern(), c, line);
            if (m == Glob.Match.SURE) {
                if (decisive == null || longer(r, decisive)) {
                    decisive = r;
                }
            } else if (m == Glob.Match.MAYBE && r.permission() == Permission.DENY) {
                maybeDenied = maybeDenied == null || longer(r, maybeDenied) ? r : maybeDenied;
            } else if (m == Glob.Match.MAYBE && r.permission() == Permission.ASK) {
                maybeAsked = r;
            }
        }
        boolean surely = c.how() != LineCommand.How.MAYBE_RUN;
        if (maybeDenied == null && (decisive == null || decisive.permission() != Permission.DENY)) {
            maybeDenied = inArguments(rules, c, looked);
            if (maybeDenied != null) {
                return Verdict.doubt(maybeDenied, "an argument of " + CommandText.of(c.words().subList(0, 1))
                        + " holds what the rule names, and a program may run what it is given");
            }
        }
        if (decisive != null && decisive.permission() == Permission.DENY) {
            return surely ? new Verdict(Permission.DENY, decisive, c.via().isEmpty() ? "" : c.shown())
                    : Verdict.doubt(decisive, c.shown() + " is in the arguments of a program that may run it");
        }
        if (maybeDenied != null && (decisive == null || longer(maybeDenied, decisive))) {
            return Verdict.doubt(maybeDenied, c.shown() + (surely ? whyMaybe(c, programs.unknown(c, line))
                    : " is in the arguments of a program that may run it"));
        }
        if (!surely) {
            return Verdict.NONE;
        }
        if (decisive != null) {
            return new Verdict(decisive.permission(), decisive);
        }
        return maybeAsked != null ? new Verdict(Permission.ASK, maybeAsked) : Verdict.NONE;
    }

    /**
     * A deny rule whose command appears inside an argument's text ({@code python3 -c '…os.system("rm
     * -rf x")'}, {@code git -c core.pager='rm -rf x'}): the program may run it, whatever language
     * the argument is in. Programs that never run what they are given ({@code echo}) are exempt.
     */
    private static PermissionRule inArguments(List<PermissionRule> rules, LineCommand c, Set<Word> looked) {
        if (c.words().size() < 2 || ShellPrograms.INERT.contains(CommandSpellings.baseName(c.words().getFirst()).text())) {
            return null;
        }
        // The commands a wrapper may run share its words: each is looked into once.
        for (Word w : c.words().subList(1, c.words().size())) {
            if (!looked.add(w) || !w.known() || w.text().indexOf(' ') < 0) {
                continue;
            }
            for (PermissionRule r : rules) {
                if (r.permission() == Permission.DENY && Glob.matches("*" + r.pattern().strip() + "*", w.text(), false)) {
                    return r;
                }
            }
        }
        return null;
    }

    /** Why a command surely run may be what a deny rule names. */
    private static String whyMaybe(LineCommand c, boolean unknownProgram) {
        if (unknownProgram) {
            return ": which program " + CommandText.of(c.words().subList(0, 1))
                    + " is cannot be told before it runs (the line may make or replace it, or it is not there yet)";
        }
        if (!CommandSpellings.baseName(c.words().getFirst()).known()) {
            return ": the program it runs is named only when it runs";
        }
        if (!c.words().stream().allMatch(Word::known)) {
            return ": parts of it are known only when it runs";
        }
        return " may be what the rule names in a spelling only the program reads (its options)";
    }

    /** Longer pattern, or as long and stricter. */
    private static boolean longer(PermissionRule a, PermissionRule b) {
        return a.pattern().length() > b.pattern().length()
                || a.pattern().length() == b.pattern().length() && a.permission().compareTo(b.permission()) > 0;
    }

    /**
     * The longest pattern matching the whole line (its commands, {@code ;} between them) may deny it or ask, but
     * allows no more than its commands are allowed.
     */
    private static Verdict whole(List<PermissionRule> rules, ShellLine line) {
        PermissionRule best = null;
        String text = String.join(" ; ", line.direct().stream().map(c -> c.written().toString()).toList());
        for (PermissionRule r : rules) {
            if (Glob.matches(r.pattern().strip().replaceAll("\\s+", " "), text, false)
                    && (best == null || longer(r, best))) {
                best = r;
            }
        }
        return best == null || best.permission() == Permission.ALLOW ? Verdict.NONE : new Verdict(best.permission(), best);
    }

    /** The strictest rule without wildcards that names exactly this line (however its blanks are spelled); null when none. */
    private static Verdict exactly(List<PermissionRule> rules, ShellLine line) {
        Verdict found = null;
        for (PermissionRule r : rules) {
            if (r.exact() && ShellLine.parse(Glob.unescaped(r.pattern())).canonical().equals(line.canonical())) {
                Verdict v = new Verdict(r.permission(), r);
                found = found == null ? v : found.and(v);
            }
        }
        return found;
    }
}
