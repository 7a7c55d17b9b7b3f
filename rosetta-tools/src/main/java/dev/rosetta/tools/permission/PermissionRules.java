package dev.rosetta.tools.permission;

import java.util.ArrayList;
import java.util.List;

/**
 * The permission rules of a conversation: the user's (their config files, and the rules they
 * chose to remember at a confirmation) and the project's ({@code rosetta.toml}). Within each, the
 * longest matching pattern decides (the stricter one on a tie); a project's rules may only
 * tighten the user's, so the stricter of the two verdicts stands, and a project never allows
 * anything by itself (such rules are dropped when its file is read).
 *
 * <p>A shell line is read with bash's grammar and judged command by command ({@link ShellRules}):
 * denied when any command it can run is, doubtful (asked, never run unasked) when a deny rule may
 * match what it runs, allowed only when every command is and nothing in it is unclear.
 */
public final class PermissionRules {

    /** No rules: every call is asked about, as before rules existed. */
    public static final PermissionRules NONE = new PermissionRules(List.of(), List.of());

    private final List<PermissionRule> user;
    private final List<PermissionRule> project;

    public PermissionRules(List<PermissionRule> user, List<PermissionRule> project) {
        this.user = new ArrayList<>(user);
        this.project = List.copyOf(project);
    }

    /** Adds a rule the user chose to remember; it counts as theirs from the next call on. */
    public synchronized void remember(PermissionRule rule) {
        user.add(rule);
    }

    public synchronized List<PermissionRule> user() {
        return List.copyOf(user);
    }

    public List<PermissionRule> project() {
        return project;
    }

    public synchronized Verdict decide(String tool, CallSubject subject) {
        if (subject.kind() == CallSubject.Kind.COMMAND) {
            ShellLine line = ShellLine.parse(subject.text());
            ProgramFiles programs = ProgramFiles.of(subject.directory());
            return ShellRules.decide(user, tool, line, programs).and(ShellRules.decide(project, tool, line, programs));
        }
        return longest(user, tool, subject).and(longest(project, tool, subject));
    }

    /** The longest matching pattern's verdict; on a tie, the strictest. */
    private static Verdict longest(List<PermissionRule> rules, String tool, CallSubject subject) {
        PermissionRule best = null;
        for (PermissionRule r : rules) {
            if (!r.tool().equals(tool) || !subject.matchedBy(r)) {
                continue;
            }
            if (best == null || r.pattern().length() > best.pattern().length()
                    || r.pattern().length() == best.pattern().length()
                            && r.permission().compareTo(best.permission()) > 0) {
                best = r;
            }
        }
        return best == null ? Verdict.NONE : new Verdict(best.permission(), best);
    }
}
