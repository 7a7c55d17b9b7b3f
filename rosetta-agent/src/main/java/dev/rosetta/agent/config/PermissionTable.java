package dev.rosetta.agent.config;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.rosetta.tools.permission.Permission;
import dev.rosetta.tools.permission.PermissionRule;

/**
 * A {@code [permissions]} table: per tool, a table of patterns and what to do with the calls
 * they match — {@code shell = { "git status*" = "allow", "rm -rf *" = "deny" }}. In a project
 * file {@code allow} is ignored, with a warning: a repository may tighten the user's rules, never
 * loosen them.
 */
final class PermissionTable {

    private static final Map<String, Permission> WORDS = new LinkedHashMap<>();

    static {
        for (Permission p : Permission.values()) {
            WORDS.put(p.id(), p);
        }
    }

    private PermissionTable() {}

    static List<PermissionRule> read(ConfigTable root, Path file, boolean project) {
        ConfigTable permissions = root.table("permissions");
        if (permissions == null) {
            return List.of();
        }
        List<PermissionRule> rules = new ArrayList<>();
        List<String> ignored = new ArrayList<>();
        for (String tool : permissions.keys()) {
            ConfigTable patterns = permissions.table(tool);
            for (String pattern : patterns.keys()) {
                Permission p = patterns.choice(pattern, WORDS);
                if (project && p == Permission.ALLOW) {
                    ignored.add(tool + " " + TomlText.string(pattern));
                } else {
                    rules.add(new PermissionRule(tool, pattern, p, file.toString()));
                }
            }
            patterns.finish();
        }
        if (!ignored.isEmpty()) {
            permissions.warn(ignored.getFirst().split(" ", 2)[0], "a project's [permissions] may only tighten yours,"
                    + " so its \"allow\" rules are ignored (" + TomlText.someOf(ignored) + "); allow them in your"
                    + " own config.toml if you want them");
        }
        return rules;
    }
}
