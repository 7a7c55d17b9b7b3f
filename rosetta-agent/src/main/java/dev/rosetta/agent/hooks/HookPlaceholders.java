package dev.rosetta.agent.hooks;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a hook's program and arguments say about where they are, made concrete where no shell does
 * it (a hook with {@code args}): {@code ${NAME}} is the hook's environment variable NAME (so
 * {@code ${CLAUDE_PROJECT_DIR}/.claude/hooks/check.sh} finds the project's script, as in Claude
 * Code), and a leading {@code ~/} is the home folder. A name the environment lacks is left as written.
 */
final class HookPlaceholders {

    private static final Pattern VARIABLE = Pattern.compile("\\$\\{([A-Za-z_][A-Za-z0-9_]*)}");

    private HookPlaceholders() {}

    static String expand(String text, Map<String, String> env) {
        String home = env.get("HOME");
        String expanded = home != null && text.startsWith("~/") ? home + text.substring(1) : text;
        Matcher m = VARIABLE.matcher(expanded);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String value = env.get(m.group(1));
            m.appendReplacement(out, Matcher.quoteReplacement(value != null ? value : m.group()));
        }
        return m.appendTail(out).toString();
    }
}
