package dev.rosetta.tools.permission;

import java.util.Objects;

/**
 * One rule: for calls to {@code tool} whose subject (the command, the path) matches {@code
 * pattern}, what to do. Patterns are globs: {@code *} is any text (in a path: within one folder),
 * {@code **} any text across folders, {@code ?} one character, {@code \*} a star itself.
 *
 * @param tool       the tool's name ({@code shell}, {@code save}, …)
 * @param pattern    the glob
 * @param permission allow, ask or deny
 * @param source     where it was set, for messages ({@code /home/me/.config/rosetta/config.toml})
 */
public record PermissionRule(String tool, String pattern, Permission permission, String source) {

    public PermissionRule {
        Objects.requireNonNull(tool, "tool");
        Objects.requireNonNull(pattern, "pattern");
        Objects.requireNonNull(permission, "permission");
        source = source == null ? "" : source;
    }

    /** Whether the pattern has no wildcard: it names one command or one path exactly. */
    public boolean exact() {
        return Glob.isLiteral(pattern);
    }

    /** As a config file writes it: {@code shell "git status*" = "allow"}. */
    public String describe() {
        return tool + " \"" + pattern.replace("\\", "\\\\").replace("\"", "\\\"") + "\" = \"" + permission.id()
                + "\"" + (source.isEmpty() ? "" : " (" + source + ")");
    }
}
