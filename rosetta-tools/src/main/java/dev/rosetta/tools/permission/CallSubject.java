package dev.rosetta.tools.permission;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;

import dev.rosetta.core.tool.Arguments;

/**
 * What a call's rules are matched against: the command of a call with a {@code command}
 * argument, the path of one with a {@code path} argument (relative to the workspace when inside
 * it, else absolute), the code of one with a {@code code} argument. A call with none of these
 * is matched by the tool's name alone: only {@code *} and {@code **} match it ({@code **}
 * matches every call of a tool, whatever its subject).
 *
 * @param kind what it is
 * @param text the command, path or code, normalised; empty for {@link Kind#NONE}
 */
public record CallSubject(Kind kind, String text) {

    public enum Kind { COMMAND, PATH, CODE, NONE }

    public static final CallSubject NONE = new CallSubject(Kind.NONE, "");

    public static CallSubject of(Arguments args, Path workspace) {
        if (args.values().get("command") instanceof String command) {
            return new CallSubject(Kind.COMMAND, command.strip());
        }
        if (args.values().get("path") instanceof String path) {
            return new CallSubject(Kind.PATH, path(path, workspace));
        }
        if (args.values().get("code") instanceof String code) {
            return new CallSubject(Kind.CODE, code.strip());
        }
        return NONE;
    }

    /** The path as rules name it: {@code docs/a.md} inside the workspace, {@code /etc/hosts} outside. */
    static String path(String argument, Path workspace) {
        String text = argument.strip();
        if (text.equals("~") || text.startsWith("~/")) {
            text = System.getProperty("user.home") + text.substring(1);
        }
        try {
            Path root = workspace.toAbsolutePath().normalize();
            Path path = root.resolve(text).normalize();
            return path.startsWith(root) ? root.relativize(path).toString().replace('\\', '/')
                    : path.toString();
        } catch (InvalidPathException e) {
            return text;
        }
    }

    /** Whether {@code pattern} matches this subject; {@code **} matches every call of the tool. */
    boolean matchedBy(String pattern) {
        if (pattern.equals("**")) {
            return true;
        }
        return switch (kind) {
            case PATH -> {
                boolean absolute = pattern.startsWith("/") || pattern.startsWith("~/");
                String p = pattern.startsWith("~/") ? System.getProperty("user.home") + pattern.substring(1) : pattern;
                // A relative pattern names files in the workspace; an absolute one, files anywhere.
                yield absolute == text.startsWith("/") && Glob.matches(p, text, true);
            }
            case COMMAND -> Glob.matches(pattern.strip().replaceAll("\\s+", " "), text, false);
            case CODE -> Glob.matches(pattern, text, false);
            case NONE -> pattern.equals("*");
        };
    }
}
