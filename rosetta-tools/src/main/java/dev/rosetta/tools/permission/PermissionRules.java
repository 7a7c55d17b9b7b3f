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
 * <p>A shell line is judged command by command ({@link ShellLine}): it is denied when any of its
 * commands is, allowed only when all of them are, and a line whose effect its words do not show
 * is allowed only by a rule naming exactly that line.
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
        return decide(user, tool, subject).and(decide(project, tool, subject));
    }

    private static Verdict decide(List<PermissionRule> rules, String tool, CallSubject subject) {
        if (subject.kind() != CallSubject.Kind.COMMAND) {
            return longest(rules, tool, subject);
        }
        ShellLine line = ShellLine.parse(subject.text());
        Verdict exact = exactly(rules, tool, line);
        if (exact != null) {
            return exact;
        }
        Verdict whole = longest(rules, tool, new CallSubject(CallSubject.Kind.COMMAND, line.normalized()));
        // A pattern over the whole line may deny it or ask, but allows no more than its parts do.
        Verdict strictest = whole.allows() ? Verdict.NONE : whole;
        boolean allAllowed = !line.opaque() && !line.commands().isEmpty();
        Verdict firstAllow = null;
        for (String command : line.commands()) {
            Verdict part = longest(rules, tool, new CallSubject(CallSubject.Kind.COMMAND, command));
            if (part.allows()) {
                firstAllow = firstAllow == null ? part : firstAllow;
            } else {
                allAllowed = false;
                strictest = strictest.and(part);
            }
        }
        if (strictest.permission() != null) {
            return strictest;
        }
        return allAllowed ? firstAllow : Verdict.NONE;
    }

    /** The strictest rule without wildcards that names exactly this line (however it is spelled); null when none does. */
    private static Verdict exactly(List<PermissionRule> rules, String tool, ShellLine line) {
        Verdict found = null;
        for (PermissionRule r : rules) {
            if (r.tool().equals(tool) && r.exact()
                    && ShellLine.parse(Glob.unescaped(r.pattern())).normalized().equals(line.normalized())) {
                Verdict v = new Verdict(r.permission(), r);
                found = found == null ? v : found.and(v);
            }
        }
        return found;
    }

    /** The longest matching pattern's verdict; on a tie, the strictest. */
    private static Verdict longest(List<PermissionRule> rules, String tool, CallSubject subject) {
        PermissionRule best = null;
        for (PermissionRule r : rules) {
            if (!r.tool().equals(tool) || !subject.matchedBy(r.pattern())) {
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
