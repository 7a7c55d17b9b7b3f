package dev.rosetta.tools.permission;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.IdentityHashMap;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import dev.rosetta.tools.shell.syntax.Word;

/**
 * Which program a command named by a path runs, told by the file the path leads to rather than by
 * its last segment: {@code ./zap} linked to {@code /bin/rm} is {@code rm}, and so is a copy of
 * {@code rm}'s file under any name. A program the line itself may make or replace before running
 * it ({@code ln -s /bin/rm zap; ./zap}), or one that is not there when the line is checked, cannot
 * be told: it may be any program.
 *
 * <p>Programs named without a {@code /} are looked up by bash on {@code PATH}; their names are
 * taken as written (a deny rule on {@code awk} still names {@code awk}).
 */
final class ProgramFiles {

    /** Files bigger than this are not compared byte by byte (no program on PATH is that big). */
    private static final long LARGEST_COMPARED = 256L << 20;

    /** The files of the programs on PATH by size: a copy is looked for among those of its size only. */
    private static final Map<String, Map<Long, List<Path>>> BY_SIZE = new ConcurrentHashMap<>();

    /** What a program's path is known to be. */
    record Identity(boolean known, Set<String> names) {

        static final Identity UNKNOWN = new Identity(false, Set.of());
    }

    private final Path directory;
    private final String path;
    private final Map<Word, Identity> identified = new IdentityHashMap<>();

    /**
     * @param directory where relative paths lead (the workspace, where the shell starts); null when
     *                  not known, and then a relative path cannot be told
     * @param path      the directories bash looks programs up in ({@code PATH})
     */
    ProgramFiles(Path directory, String path) {
        this.directory = directory;
        this.path = path == null ? "" : path;
    }

    static ProgramFiles of(Path directory) {
        return new ProgramFiles(directory, System.getenv("PATH"));
    }

    /**
     * How a deny or ask pattern matches the command ({@link CommandSpellings}), with its program
     * taken for every name its file has; when which program it is cannot be told, it may be the
     * pattern's own.
     */
    Glob.Match match(String pattern, LineCommand c, ShellLine line) {
        Glob.Match m = CommandSpellings.match(pattern, c.words());
        Word program = c.words().isEmpty() ? null : c.words().getFirst();
        if (m == Glob.Match.SURE || program == null || !byPath(program)) {
            return m;
        }
        Identity id = identified.computeIfAbsent(program, p -> identify(p, line));
        if (id.known()) {
            for (String name : id.names()) {
                m = stronger(m, CommandSpellings.match(pattern, named(c.words(), name)));
            }
            return m;
        }
        String first = pattern.strip().split("\\s+", 2)[0];
        if (!Glob.isLiteral(first)) {
            return m;
        }
        Glob.Match asTheRules = CommandSpellings.match(pattern, named(c.words(), Glob.unescaped(first)));
        return asTheRules == Glob.Match.NO ? m : stronger(m, Glob.Match.MAYBE);
    }

    /** Whether which program {@code c} runs cannot be told from its file (so a rule may match it). */
    boolean unknown(LineCommand c, ShellLine line) {
        Word program = c.words().isEmpty() ? null : c.words().getFirst();
        return program != null && byPath(program) && !identified.computeIfAbsent(program, p -> identify(p, line)).known();
    }

    private static boolean byPath(Word program) {
        return program.known() && program.text().indexOf('/') >= 0;
    }

    private static List<Word> named(List<Word> words, String name) {
        List<Word> renamed = new ArrayList<>(words);
        renamed.set(0, Word.of(name));
        return renamed;
    }

    private static Glob.Match stronger(Glob.Match a, Glob.Match b) {
        return a.compareTo(b) >= 0 ? a : b;
    }

    /**
     * The names of the program that {@code program} runs, when it is named by a path: its own
     * name, where its links lead, and the programs on PATH whose file it is a copy of. Unknown when
     * the line may write the file before running it, or the file is not there.
     */
    private Identity identify(Word program, ShellLine line) {
        String written = program.text();
        String name = written.substring(written.lastIndexOf('/') + 1);
        if (name.isEmpty() || madeByTheLine(program, name, line)) {
            return Identity.UNKNOWN;
        }
        Path file;
        try {
            Path p = Path.of(written);
            if (!p.isAbsolute()) {
                if (directory == null) {
                    return Identity.UNKNOWN;
                }
                p = directory.resolve(p);
            }
            if (!Files.isRegularFile(p)) {
                return Identity.UNKNOWN;
            }
            file = p.toRealPath();
        } catch (IOException | RuntimeException e) {
            return Identity.UNKNOWN;
        }
        Set<String> names = new LinkedHashSet<>();
        names.add(name);
        names.add(file.getFileName().toString());
        names.addAll(copiesOf(file));
        return new Identity(true, names);
    }

    /**
     * Whether another command of the line (or a redirection) names a file of this name, or holds a
     * word known only when it runs: then it may make, link or copy the program before it runs.
     */
    private static boolean madeByTheLine(Word program, String name, ShellLine line) {
        for (LineCommand c : line.commands()) {
            for (Word w : c.words()) {
                if (w == program) {
                    continue;
                }
                if (!w.known() || endsWithName(w.text(), name)) {
                    return true;
                }
            }
        }
        return line.writes().stream().anyMatch(w -> w.contains(name));
    }

    private static boolean endsWithName(String text, String name) {
        return text.equals(name) || text.endsWith("/" + name) || text.endsWith("/" + name + "/");
    }

    /** The programs on PATH whose file has the same bytes as {@code file} (a copy of them). */
    private List<String> copiesOf(Path file) {
        List<String> names = new ArrayList<>();
        try {
            long size = Files.size(file);
            if (size > LARGEST_COMPARED) {
                return names;
            }
            for (Path candidate : bySize().getOrDefault(size, List.of())) {
                if (sameBytes(file, candidate)) {
                    names.add(candidate.getFileName().toString());
                }
            }
        } catch (IOException e) {
            // Not readable: only its names tell what it is.
        }
        return names;
    }

    private Map<Long, List<Path>> bySize() {
        return BY_SIZE.computeIfAbsent(path, ProgramFiles::index);
    }

    private static Map<Long, List<Path>> index(String path) {
        Map<Long, List<Path>> index = new HashMap<>();
        for (String dir : path.split(":")) {
            if (dir.isEmpty() || !dir.startsWith("/")) {
                continue;
            }
            try (var files = Files.list(Path.of(dir))) {
                files.forEach(f -> {
                    try {
                        if (Files.isRegularFile(f) && !Files.isSymbolicLink(f)) {
                            index.computeIfAbsent(Files.size(f), s -> new ArrayList<>()).add(f);
                        }
                    } catch (IOException e) {
                        // Gone or unreadable: not a candidate.
                    }
                });
            } catch (IOException | RuntimeException e) {
                // A PATH entry that is not a readable folder holds no programs.
            }
        }
        return index;
    }

    private static boolean sameBytes(Path a, Path b) throws IOException {
        try (InputStream x = Files.newInputStream(a); InputStream y = Files.newInputStream(b)) {
            byte[] bx = new byte[65536];
            byte[] by = new byte[65536];
            while (true) {
                int n = x.readNBytes(bx, 0, bx.length);
                int m = y.readNBytes(by, 0, by.length);
                if (n != m || !Arrays.equals(bx, 0, n, by, 0, m)) {
                    return false;
                }
                if (n < bx.length) {
                    return true;
                }
            }
        }
    }
}
