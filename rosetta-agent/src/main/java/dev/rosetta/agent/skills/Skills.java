package dev.rosetta.agent.skills;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;

import dev.rosetta.agent.instructions.ProjectInstructions;

/**
 * The Agent Skills of a conversation: every folder holding a {@code SKILL.md} in the user's skills
 * folders ({@code ~/.config/rosetta/skills}, and the cross-agent {@code ~/.agents/skills} and
 * {@code ~/.claude/skills}) and in the project's ({@code .rosetta/skills}, {@code .agents/skills},
 * {@code .claude/skills} of the workspace and of every folder up to the repository root, nearest
 * first). Only names and descriptions are read at the start; a skill's body is read when it is
 * loaded. Where two skills share a name the first found is used — the user's before the project's,
 * so a repository cannot stand in for a skill of the user's — and the other is named in a note.
 *
 * @param all   the skills found, in the order found
 * @param notes what the user should know: a skill left out and why, one shadowed by another
 */
public record Skills(List<Skill> all, List<String> notes) {

    public static final Skills NONE = new Skills(List.of(), List.of());

    /** The folders under a project folder and a home folder where skills are kept, in the order they are asked. */
    static final List<String> FOLDERS = List.of(".rosetta/skills", ".agents/skills", ".claude/skills");
    /** How many skill folders one skills folder may hold before the rest are left out. */
    static final int MAX_PER_FOLDER = 500;
    /** The most of a SKILL.md read to find its front matter. */
    static final int MAX_HEAD = 64 * 1024;
    /** Claude Code's cap on what of a description the model is shown. */
    static final int MAX_DESCRIPTION = 1_536;
    private static final Pattern SPEC_NAME = Pattern.compile("[a-z0-9]+(-[a-z0-9]+)*");

    public Skills {
        all = List.copyOf(all);
        notes = List.copyOf(notes);
    }

    /**
     * @param workspace  the project's folders are its own and those above it up to the repository root
     * @param userFolder Rosetta's config folder ({@code ~/.config/rosetta}), or null
     * @param home       the user's home folder, or null
     */
    public static Skills discover(Path workspace, Path userFolder, Path home) {
        List<Path> user = new ArrayList<>();
        if (userFolder != null) {
            user.add(userFolder.resolve("skills"));
        }
        if (home != null) {
            user.add(home.resolve(".agents/skills"));
            user.add(home.resolve(".claude/skills"));
        }
        List<Path> project = new ArrayList<>();
        for (Path folder : ProjectInstructions.projectFolders(workspace.toAbsolutePath().normalize()).reversed()) {
            FOLDERS.forEach(f -> project.add(folder.resolve(f)));
        }
        Finder finder = new Finder();
        user.forEach(f -> finder.scan(f, false));
        project.forEach(f -> finder.scan(f, true));
        return new Skills(new ArrayList<>(finder.byName.values()), finder.notes);
    }

    public boolean isEmpty() {
        return all.isEmpty();
    }

    /** The skills the model is told of and may load. */
    public List<Skill> offered() {
        return all.stream().filter(Skill::modelInvocable).toList();
    }

    public Optional<Skill> named(String name) {
        return all.stream().filter(s -> s.name().equals(name)).findFirst();
    }

    /** The system prompt's section naming the skills the model may load; empty when there are none. */
    public String prompt() {
        List<Skill> offered = offered();
        if (offered.isEmpty()) {
            return "";
        }
        StringBuilder text = new StringBuilder("""
                # Skills

                Skills are instructions for particular tasks, written for you by the user or the project. When a \
                task matches a skill's description, load the skill first with the skill tool (or read its \
                SKILL.md at the location given) and follow it. A skill's relative paths start in its folder; use \
                absolute paths in your calls.

                <available_skills>
                """);
        for (Skill s : offered) {
            text.append("<skill>\n<name>").append(xml(s.name())).append("</name>\n<description>")
                    .append(xml(s.description())).append("</description>\n<location>")
                    .append(xml(s.location().toString())).append("</location>\n</skill>\n");
        }
        return text.append("</available_skills>").toString();
    }

    private static String xml(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }

    /** One discovery: the skills by name, first found first, and what was noted on the way. */
    private static final class Finder {
        final Map<String, Skill> byName = new LinkedHashMap<>();
        final List<String> notes = new ArrayList<>();
        final Set<Path> seen = new HashSet<>();

        void scan(Path folder, boolean fromProject) {
            if (!Files.isDirectory(folder)) {
                return;
            }
            Map<String, Path> candidates = new TreeMap<>(); // the same order on every machine
            try (DirectoryStream<Path> entries = Files.newDirectoryStream(folder)) {
                for (Path entry : entries) {
                    String name = entry.getFileName().toString();
                    if (!name.startsWith(".") && Files.isRegularFile(entry.resolve("SKILL.md"))) {
                        candidates.put(name, entry);
                    }
                    if (candidates.size() > MAX_PER_FOLDER) {
                        notes.add("skills: " + folder + " holds more than " + MAX_PER_FOLDER
                                + " skills; the rest are left out");
                        break;
                    }
                }
            } catch (IOException e) {
                notes.add("skills: could not read " + folder + " (" + e.getMessage() + ")");
                return;
            }
            candidates.values().forEach(dir -> add(dir, fromProject));
        }

        private void add(Path dir, boolean fromProject) {
            Path file = dir.resolve("SKILL.md");
            if (!seen.add(real(file))) {
                return; // the same skill reached by a second way (a link)
            }
            Optional<Skill> skill = read(file, dir.getFileName().toString(), fromProject, notes);
            if (skill.isEmpty()) {
                return;
            }
            Skill found = skill.get();
            Skill first = byName.putIfAbsent(found.name(), found);
            if (first != null) {
                notes.add("skills: " + found.location() + " is not used: the skill '" + found.name()
                        + "' of " + first.location() + " has the same name");
            }
        }
    }

    /** The skill {@code file} declares, or empty (with a note) when it cannot be used. */
    static Optional<Skill> read(Path file, String folderName, boolean fromProject, List<String> notes) {
        SkillFile parsed;
        try {
            parsed = SkillFile.parse(head(file));
        } catch (IOException e) {
            notes.add("skills: could not read " + file + " (" + e.getMessage() + "); it is left out");
            return Optional.empty();
        }
        if (parsed.problem() != null) {
            notes.add("skills: " + file + " is left out: " + parsed.problem());
            return Optional.empty();
        }
        String name = name(parsed.text("name"), folderName, file, notes);
        String description = description(parsed);
        if (description.isEmpty()) {
            notes.add("skills: " + file + " is left out: it has no description (the front matter's description"
                    + " says what the skill does and when to use it)");
            return Optional.empty();
        }
        return Optional.of(new Skill(name, description, file.toAbsolutePath().normalize(), fromProject,
                !parsed.flag("disable-model-invocation"), parsed.words("arguments")));
    }

    /** The front matter's name when it is one word, else the folder's; a name off the spec is noted, not refused. */
    private static String name(String given, String folderName, Path file, List<String> notes) {
        String name = given == null || given.isBlank() || given.strip().chars().anyMatch(c -> c <= ' ')
                ? folderName : given.strip();
        if (!SPEC_NAME.matcher(name).matches() || name.length() > 64) {
            notes.add("skills: " + file + ": the name '" + name + "' is not lower-case letters, digits and single"
                    + " hyphens of at most 64 characters, as Agent Skills names are; it is used as it is");
        }
        return name;
    }

    private static String description(SkillFile parsed) {
        String description = parsed.text("description");
        if (description == null || description.isBlank()) {
            description = firstParagraph(parsed.body());
        }
        String when = parsed.text("when_to_use");
        String all = (description + (when == null || when.isBlank() ? "" : " " + when.strip())).strip()
                .replaceAll("\\s+", " ");
        return all.length() <= MAX_DESCRIPTION ? all : all.substring(0, MAX_DESCRIPTION - 1) + "…";
    }

    private static String firstParagraph(String body) {
        StringBuilder paragraph = new StringBuilder();
        for (String line : body.lines().toList()) {
            String text = line.strip();
            if (text.isEmpty() || text.startsWith("#")) {
                if (!paragraph.isEmpty()) {
                    break;
                }
                continue;
            }
            paragraph.append(paragraph.isEmpty() ? "" : " ").append(text);
        }
        return paragraph.toString();
    }

    /** The start of the file, enough for any front matter; a huge SKILL.md is not read whole to list it. */
    private static String head(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return new String(in.readNBytes(MAX_HEAD), StandardCharsets.UTF_8);
        }
    }

    private static Path real(Path file) {
        try {
            return file.toRealPath();
        } catch (IOException e) {
            return file.toAbsolutePath().normalize();
        }
    }
}
