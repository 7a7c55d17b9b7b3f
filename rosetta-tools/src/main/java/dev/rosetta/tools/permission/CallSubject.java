package dev.rosetta.tools.permission;

import java.nio.file.Path;

import dev.rosetta.core.tool.Arguments;
import dev.rosetta.tools.ToolFailure;
import dev.rosetta.tools.files.Workspace;

/**
 * What a call's rules are matched against: the command of a call with a {@code command}
 * argument, the path of one with a {@code path} argument (relative to the workspace when inside
 * it, else absolute), the code of one with a {@code code} argument. A call with none of these
 * is matched by the tool's name alone: only {@code *} and {@code **} match it ({@code **}
 * matches every call of a tool, whatever its subject).
 *
 * <p>A path is matched where it really leads, as the file tools will write it: every symbolic
 * link on the way that exists is followed ({@code docs/assets -> ../../outside} makes {@code
 * docs/assets/a.png} a path outside the workspace, which no rule for workspace paths allows). A
 * deny or ask rule also matches the path as written.
 *
 * @param kind      what it is
 * @param text      the command, path or code, normalised; for a path, where it really leads (empty
 *                  when that cannot be told: a loop of links); empty for {@link Kind#NONE}
 * @param asWritten for a path, as the call names it ({@code ..} and {@code ./} resolved); else the text
 * @param directory for a command, where the shell starts (the workspace), against which a program
 *                  named by a relative path is found; null when not known
 */
public record CallSubject(Kind kind, String text, String asWritten, Path directory) {

    public enum Kind { COMMAND, PATH, CODE, NONE }

    public static final CallSubject NONE = new CallSubject(Kind.NONE, "");

    public CallSubject(Kind kind, String text) {
        this(kind, text, text);
    }

    public CallSubject(Kind kind, String text, String asWritten) {
        this(kind, text, asWritten, null);
    }

    public static CallSubject of(Arguments args, Path workspace) {
        if (args.values().get("command") instanceof String command) {
            return new CallSubject(Kind.COMMAND, command.strip(), command.strip(), workspace);
        }
        if (args.values().get("path") instanceof String path) {
            return new CallSubject(Kind.PATH, realPath(path, workspace), path(path, workspace));
        }
        if (args.values().get("code") instanceof String code) {
            return new CallSubject(Kind.CODE, code.strip());
        }
        return NONE;
    }

    /** The path as rules name it: {@code docs/a.md} inside the workspace, {@code /etc/hosts} outside. */
    static String path(String argument, Path workspace) {
        Workspace ws = new Workspace(workspace, false);
        try {
            return named(ws.resolve(argument), ws.root());
        } catch (ToolFailure e) {
            return argument.strip();
        }
    }

    /** Where the path really leads, named as rules name paths; empty when that cannot be told. */
    static String realPath(String argument, Path workspace) {
        Workspace ws = new Workspace(workspace, false);
        try {
            Path root = Workspace.whereItLeads(ws.root()).orElse(ws.root());
            return Workspace.whereItLeads(ws.resolve(argument)).map(real -> named(real, root)).orElse("");
        } catch (ToolFailure e) {
            return "";
        }
    }

    private static String named(Path path, Path root) {
        return path.startsWith(root) ? root.relativize(path).toString().replace('\\', '/') : path.toString();
    }

    /** Whether {@code rule}'s pattern matches this subject; {@code **} matches every call of the tool. */
    boolean matchedBy(PermissionRule rule) {
        if (kind == Kind.PATH && rule.permission() != Permission.ALLOW) {
            return matchedBy(rule.pattern(), text) || matchedBy(rule.pattern(), asWritten);
        }
        return matchedBy(rule.pattern(), text);
    }

    private boolean matchedBy(String pattern, String subject) {
        if (pattern.equals("**")) {
            return true;
        }
        return switch (kind) {
            case PATH -> {
                boolean absolute = pattern.startsWith("/") || pattern.startsWith("~/");
                String p = pattern.startsWith("~/") ? System.getProperty("user.home") + pattern.substring(1) : pattern;
                // A relative pattern names files in the workspace; an absolute one, files anywhere.
                yield !subject.isEmpty() && absolute == subject.startsWith("/") && Glob.matches(p, subject, true);
            }
            case COMMAND -> Glob.matches(pattern.strip().replaceAll("\\s+", " "), subject, false);
            case CODE -> Glob.matches(pattern, subject, false);
            case NONE -> pattern.equals("*");
        };
    }
}
