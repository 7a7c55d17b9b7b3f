package dev.rosetta.agent.instructions;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The instructions a user and a project give every agent: {@code AGENTS.md} (the convention
 * Codex, OpenCode and others read), {@code CLAUDE.md} and {@code ROSETTA.md}. They are read from
 * the user's config folder, then from the repository's root down to the workspace (every folder on
 * the way), and go into the system prompt in that order, each under its path: the more specific
 * comes later, and wins where they disagree. A file reached twice (a link) is read once; a large
 * one is cut, with a line saying so in the prompt and a note for the user.
 *
 * @param files the files found, in prompt order
 * @param notes what the user should know (a file was cut, could not be read)
 */
public record ProjectInstructions(List<InstructionFile> files, List<String> notes) {

    /** The names read in each folder, in this order. */
    public static final List<String> NAMES = List.of("AGENTS.md", "CLAUDE.md", "ROSETTA.md");
    /** About 8,000 tokens: room for real instructions, not for a whole manual in a small window. */
    public static final int MAX_CHARS = 32_000;

    public static final ProjectInstructions NONE = new ProjectInstructions(List.of(), List.of());

    public ProjectInstructions {
        files = List.copyOf(files);
        notes = List.copyOf(notes);
    }

    /**
     * @param workspace  where the tools work; its folders up to the repository root are read
     * @param userFolder the user's config folder ({@code ~/.config/rosetta}), or null
     */
    public static ProjectInstructions load(Path workspace, Path userFolder) {
        List<Path> folders = new ArrayList<>();
        if (userFolder != null) {
            folders.add(userFolder);
        }
        folders.addAll(projectFolders(workspace.toAbsolutePath().normalize()));
        List<InstructionFile> files = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        Set<Path> seen = new HashSet<>();
        Set<String> texts = new HashSet<>();
        for (Path folder : folders) {
            for (String name : NAMES) {
                Path file = folder.resolve(name);
                if (!Files.isRegularFile(file) || !seen.add(realPath(file))) {
                    continue;
                }
                read(file, notes).filter(f -> texts.add(f.text())).ifPresent(files::add);
            }
        }
        return new ProjectInstructions(files, notes);
    }

    /**
     * The repository's root down to the workspace; the workspace alone when it is in no
     * repository (the folders above it belong to no project).
     */
    public static List<Path> projectFolders(Path workspace) {
        List<Path> up = new ArrayList<>();
        for (Path folder = workspace; folder != null; folder = folder.getParent()) {
            up.add(folder);
            if (Files.exists(folder.resolve(".git"))) {
                return up.reversed();
            }
        }
        return List.of(workspace);
    }

    private static Optional<InstructionFile> read(Path file, List<String> notes) {
        String text;
        try {
            text = decode(Files.readAllBytes(file));
        } catch (IOException e) {
            notes.add("could not read " + file + " (" + e.getMessage() + "); its instructions are not in the prompt");
            return Optional.empty();
        }
        if (text.isBlank()) {
            return Optional.empty();
        }
        if (text.length() <= MAX_CHARS) {
            return Optional.of(new InstructionFile(file, text.strip(), text.length(), false));
        }
        int end = Character.isHighSurrogate(text.charAt(MAX_CHARS - 1)) ? MAX_CHARS - 1 : MAX_CHARS;
        notes.add(String.format(Locale.ROOT, "%s has %,d characters; only the first %,d are in the system prompt",
                file, text.length(), end));
        String shown = text.substring(0, end) + String.format(Locale.ROOT, "\n[… the file goes on: it has %,d"
                + " characters and only the first %,d are shown here; read it with a tool for the rest …]",
                text.length(), end);
        return Optional.of(new InstructionFile(file, shown, text.length(), true));
    }

    /** UTF-8; a file that is not is read with its bad bytes replaced, not refused. */
    private static String decode(byte[] bytes) {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            return new String(bytes, StandardCharsets.UTF_8);
        }
    }

    private static Path realPath(Path file) {
        try {
            return file.toRealPath();
        } catch (IOException e) {
            return file.toAbsolutePath().normalize();
        }
    }

    public boolean isEmpty() {
        return files.isEmpty();
    }

    /** The system prompt's section, or empty when there are no files. */
    public String prompt() {
        if (files.isEmpty()) {
            return "";
        }
        StringBuilder text = new StringBuilder("""
                # Instructions from the user and the project

                These files hold the user's and the project's instructions for you. Follow them. They \
                come from the most general (the user's own) to the most specific (the workspace); where \
                they disagree, the later one wins. What the user says in the conversation wins over all \
                of them.
                """);
        for (InstructionFile f : files) {
            text.append("\n## ").append(f.path()).append("\n\n").append(f.text()).append('\n');
        }
        return text.toString();
    }
}
