package dev.rosetta.agent.skills;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.YAMLException;

/**
 * A {@code SKILL.md} split into its YAML front matter (between a first line {@code ---} and the next
 * {@code ---}) and its Markdown body. The YAML is read safely (plain maps, lists and scalars, no
 * types constructed, aliases and depth bounded). Front matter written for other agents is often
 * not quite YAML — most often an unquoted value holding {@code ": "}, which agents' own readers
 * take as text — so when the YAML does not parse, such values are quoted and it is read again,
 * as the Agent Skills integration guide advises.
 *
 * @param fields  the front matter's top-level fields; empty when there is none
 * @param body    the Markdown after it (the whole text when there is no front matter)
 * @param problem why the front matter could not be read at all, or null
 */
record SkillFile(Map<String, Object> fields, String body, String problem) {

    private static final Pattern FENCE = Pattern.compile("^---[ \\t]*\\r?$", Pattern.MULTILINE);
    /** A top-level {@code key: value} whose value is plain text (not quoted, not a block or a flow collection). */
    private static final Pattern PLAIN_FIELD = Pattern.compile("^([A-Za-z0-9_-]+):[ \\t]+([^'\"|>\\[{&*!#\\s].*)$",
            Pattern.MULTILINE);

    static SkillFile parse(String text) {
        String content = text.startsWith("\uFEFF") ? text.substring(1) : text;
        Matcher open = FENCE.matcher(content);
        if (!open.lookingAt()) {
            return new SkillFile(Map.of(), content, null);
        }
        Matcher close = FENCE.matcher(content);
        if (!close.find(open.end())) {
            return new SkillFile(Map.of(), content, "its front matter opens with --- but never closes");
        }
        String yaml = content.substring(open.end(), close.start());
        String body = content.substring(close.end()).replaceFirst("^\\r?\\n", "");
        try {
            return new SkillFile(read(yaml), body, null);
        } catch (YAMLException | ClassCastException first) {
            try {
                return new SkillFile(read(quotePlainValues(yaml)), body, null);
            } catch (YAMLException | ClassCastException second) {
                return new SkillFile(Map.of(), body, "its front matter is not YAML (" + firstLine(first.getMessage())
                        + ")");
            }
        }
    }

    private static Map<String, Object> read(String yaml) {
        LoaderOptions options = new LoaderOptions();
        options.setMaxAliasesForCollections(20);
        options.setNestingDepthLimit(20);
        options.setCodePointLimit(256 * 1024);
        options.setAllowDuplicateKeys(true);
        Object loaded = new Yaml(new SafeConstructor(options)).load(yaml);
        if (loaded == null) {
            return Map.of();
        }
        if (!(loaded instanceof Map<?, ?> map)) {
            throw new YAMLException("it is not a mapping of fields");
        }
        Map<String, Object> fields = new LinkedHashMap<>();
        map.forEach((k, v) -> fields.put(String.valueOf(k), v));
        return fields;
    }

    /** {@code description: Use this when: the user asks} → {@code description: 'Use this when: the user asks'}. */
    static String quotePlainValues(String yaml) {
        Matcher m = PLAIN_FIELD.matcher(yaml);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String value = m.group(2).stripTrailing();
            String fixed = value.contains(": ") || value.endsWith(":")
                    ? m.group(1) + ": '" + value.replace("'", "''") + "'" : m.group();
            m.appendReplacement(out, Matcher.quoteReplacement(fixed));
        }
        return m.appendTail(out).toString();
    }

    /** A field as text: a string, a number or a boolean as written; null when absent or not a scalar. */
    String text(String key) {
        Object value = fields.get(key);
        return value instanceof String || value instanceof Number || value instanceof Boolean ? String.valueOf(value)
                : null;
    }

    /** A yes/no field as Claude Code reads it: true, yes, on, 1 in any case (YAML's booleans already are). */
    boolean flag(String key) {
        Object value = fields.get(key);
        if (value instanceof Boolean b) {
            return b;
        }
        return value != null && List.of("true", "yes", "on", "1").contains(String.valueOf(value).strip().toLowerCase(
                java.util.Locale.ROOT));
    }

    /** A list field, given as a YAML list or as one string of words separated by spaces or commas. */
    List<String> words(String key) {
        Object value = fields.get(key);
        if (value instanceof List<?> list) {
            return list.stream().map(String::valueOf).toList();
        }
        if (value instanceof String s && !s.isBlank()) {
            return List.of(s.strip().split("[\\s,]+"));
        }
        return List.of();
    }

    private static String firstLine(String message) {
        return message == null ? "unreadable" : message.lines().findFirst().orElse("unreadable").strip();
    }
}
