package dev.rosetta.agent.skills;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import dev.rosetta.agent.mcp.ShellWords;
import dev.rosetta.core.RosettaException;

/**
 * A loaded skill as the model gets it: its body, with what skills written for Claude Code expect
 * filled in ({@code ${CLAUDE_SKILL_DIR}}, {@code ${CLAUDE_PROJECT_DIR}}, {@code ${CLAUDE_SESSION_ID}},
 * and the arguments: {@code $ARGUMENTS}, {@code $ARGUMENTS[N]}, {@code $N} and the names its
 * {@code arguments} field gives, a {@code \$} keeping a dollar), wrapped in {@code <skill_content>}
 * with its folder and the files it holds, which the model reads when the instructions send it there.
 */
final class SkillContent {

    /** A body longer than this is cut, saying where the rest is: instructions are meant to be short. */
    static final int MAX_BODY = 100_000;
    /** How many of a skill's files are listed. */
    static final int MAX_FILES = 100;
    private static final Set<String> SKIPPED = Set.of(".git", "node_modules", "__pycache__", ".venv");
    private static final Pattern INDEXED = Pattern.compile("(\\\\?)\\$(?:ARGUMENTS\\[(\\d+)]|(\\d+)|ARGUMENTS)");

    private final Path workspace;
    private final String sessionId;

    SkillContent(Path workspace, String sessionId) {
        this.workspace = workspace;
        this.sessionId = sessionId == null ? "" : sessionId;
    }

    String of(Skill skill, String body, String arguments) {
        String text = body.strip().replace("${CLAUDE_SKILL_DIR}", skill.folder().toString())
                .replace("${CLAUDE_PROJECT_DIR}", workspace.toString()).replace("${CLAUDE_SESSION_ID}", sessionId);
        text = withArguments(text, arguments.strip(), skill.arguments());
        if (text.length() > MAX_BODY) {
            text = text.substring(0, MAX_BODY) + "\n[… the skill goes on; read the rest from " + skill.location() + " …]";
        }
        StringBuilder out = new StringBuilder("<skill_content name=\"").append(skill.name()).append("\">\n")
                .append(text).append("\n\nSkill directory: ").append(skill.folder())
                .append("\nRelative paths in this skill are relative to the skill directory.\n");
        List<String> files = files(skill.folder());
        if (!files.isEmpty()) {
            out.append("\n<skill_resources>\n");
            files.forEach(f -> out.append("  <file>").append(f).append("</file>\n"));
            out.append("</skill_resources>\n");
        }
        return out.append("</skill_content>").toString();
    }

    /** Claude Code's argument placeholders; arguments a body places nowhere are appended after it. */
    static String withArguments(String text, String arguments, List<String> names) {
        List<String> words = words(arguments);
        boolean placed = false;
        Matcher m = INDEXED.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String value;
            if (!m.group(1).isEmpty()) {
                value = m.group().substring(1); // \$1 is a dollar and a digit
            } else if (m.group(2) == null && m.group(3) == null) {
                value = arguments;
                placed = true;
            } else {
                int i = Integer.parseInt(m.group(2) != null ? m.group(2) : m.group(3));
                value = i < words.size() ? words.get(i) : m.group();
                placed = true;
            }
            m.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        String result = m.appendTail(out).toString();
        for (int i = 0; i < names.size(); i++) {
            Matcher named = Pattern.compile("(?<!\\\\)\\$" + Pattern.quote(names.get(i)) + "\\b").matcher(result);
            placed |= named.find();
            result = named.replaceAll(Matcher.quoteReplacement(i < words.size() ? words.get(i) : ""));
        }
        return placed || arguments.isEmpty() ? result : result + "\n\nARGUMENTS: " + arguments;
    }

    private static List<String> words(String arguments) {
        try {
            return ShellWords.split(arguments);
        } catch (RosettaException e) {
            return List.of(arguments.split("\\s+"));
        }
    }

    /** The skill's files other than SKILL.md, relative to its folder, sorted; bounded. */
    private static List<String> files(Path folder) {
        List<String> files = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(folder, 4)) {
            walk.filter(p -> !p.equals(folder) && Files.isRegularFile(p))
                    .map(folder::relativize)
                    .filter(p -> !p.toString().equals("SKILL.md"))
                    .filter(p -> Stream.iterate(p, q -> q != null, Path::getParent)
                            .noneMatch(q -> SKIPPED.contains(q.getFileName().toString())
                                    || q.getFileName().toString().startsWith(".")))
                    .map(Path::toString).sorted().limit(MAX_FILES + 1L).forEach(files::add);
        } catch (IOException | RuntimeException e) {
            return files;
        }
        if (files.size() > MAX_FILES) {
            files.set(MAX_FILES, "… (more files; list the folder to see them all)");
        }
        return files;
    }
}
