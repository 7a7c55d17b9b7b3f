package dev.rosetta.agent.eval;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemAlreadyExistsException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import dev.rosetta.core.RosettaException;

/**
 * Finds the tasks the command line names. A suite is a folder of task files ({@code *.toml}), named
 * after the folder; a folder given stands for every suite at or under it. An
 * argument is such a folder, one task file, or the name of a suite shipped inside Rosetta (under
 * {@value #SHIPPED} in the jar, so an installed jar carries its suites wherever it is copied).
 */
public final class Suites {

    /** Where the shipped suites are among the jar's resources. */
    public static final String SHIPPED = "rosetta-evals";

    private Suites() {}

    /** The tasks of {@code arguments}, or of every shipped suite when there are none. */
    public static List<EvalTask> load(List<String> arguments, Path currentFolder) {
        List<EvalTask> tasks = new ArrayList<>();
        if (arguments.isEmpty()) {
            Path root = shippedRoot();
            for (Path suite : suiteFolders(root)) {
                tasks.addAll(folder(suite));
            }
        }
        for (String argument : arguments) {
            tasks.addAll(argument(argument, currentFolder));
        }
        Map<String, Path> seen = new HashMap<>();
        for (EvalTask t : tasks) {
            Path before = seen.putIfAbsent(t.id(), t.source());
            if (before != null && !before.equals(t.source())) {
                throw new RosettaException("two tasks are named " + t.id() + ": " + before + " and " + t.source()
                        + "; rename one (name = \"…\")");
            }
        }
        return tasks.stream().distinct().toList();
    }

    private static List<EvalTask> argument(String argument, Path currentFolder) {
        Path path = currentFolder.resolve(argument);
        if (Files.isDirectory(path)) {
            List<Path> suites = suitesUnder(path);
            if (suites.isEmpty()) {
                throw new RosettaException(path + ": no task files (*.toml) in this folder or the folders in it");
            }
            return suites.stream().flatMap(f -> folder(f).stream()).toList();
        }
        if (Files.isRegularFile(path)) {
            return List.of(read(suiteName(path.toAbsolutePath().getParent()), path));
        }
        Path shipped = shippedRoot().resolve(argument);
        if (!argument.contains("/") && Files.isDirectory(shipped)) {
            return folder(shipped);
        }
        throw new RosettaException("no suite '" + argument + "': not a folder, a task file or a shipped suite (shipped: "
                + String.join(", ", shippedNames()) + ")");
    }

    /** The names of the suites shipped in Rosetta. */
    public static List<String> shippedNames() {
        return suiteFolders(shippedRoot()).stream().map(Suites::suiteName).toList();
    }

    private static List<EvalTask> folder(Path folder) {
        String suite = suiteName(folder);
        List<Path> files = taskFiles(folder);
        if (files.isEmpty()) {
            throw new RosettaException(folder + ": no task files (*.toml) in this folder");
        }
        return files.stream().map(f -> read(suite, f)).toList();
    }

    private static EvalTask read(String suite, Path file) {
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(Files.readAllBytes(file)))
                    .toString();
        } catch (CharacterCodingException e) {
            throw new RosettaException(file + ": not UTF-8 text; save it as UTF-8");
        } catch (IOException e) {
            throw new RosettaException("could not read " + file + ": " + e.getMessage(), e);
        }
        return TaskFile.parse(suite, file, text);
    }

    private static String suiteName(Path folder) {
        Path name = folder.getFileName();
        return name == null ? "tasks" : name.toString().replaceAll("/+$", "");
    }

    private static List<Path> taskFiles(Path folder) {
        try (Stream<Path> s = Files.list(folder)) {
            return s.filter(p -> p.getFileName().toString().endsWith(".toml")).filter(Files::isRegularFile).sorted()
                    .toList();
        } catch (IOException e) {
            throw new RosettaException("could not list " + folder + ": " + e.getMessage(), e);
        }
    }

    private static List<Path> suiteFolders(Path folder) {
        try (Stream<Path> s = Files.list(folder)) {
            return s.filter(Files::isDirectory).filter(p -> !taskFiles(p).isEmpty())
                    .sorted((a, b) -> a.getFileName().toString().compareTo(b.getFileName().toString())).toList();
        } catch (IOException e) {
            throw new RosettaException("could not list " + folder + ": " + e.getMessage(), e);
        }
    }

    /** Every folder at or under {@code root} that holds task files, in path order: each is a suite. */
    private static List<Path> suitesUnder(Path root) {
        try (Stream<Path> walk = Files.walk(root)) {
            return walk.filter(Files::isDirectory).filter(f -> !taskFiles(f).isEmpty()).sorted().toList();
        } catch (IOException e) {
            throw new RosettaException("could not list " + root + ": " + e.getMessage(), e);
        }
    }

    /** The shipped suites' folder: in the jar, or among the classes when run from a build. */
    static Path shippedRoot() {
        URL url = Suites.class.getResource("/" + SHIPPED);
        if (url == null) {
            throw new RosettaException("this build of Rosetta has no shipped suites; name a suite folder");
        }
        try {
            URI uri = url.toURI();
            if ("jar".equals(uri.getScheme())) {
                jarFileSystem(uri);
            }
            return Path.of(uri);
        } catch (URISyntaxException e) {
            throw new RosettaException("could not find the shipped suites: " + e.getMessage(), e);
        }
    }

    private static synchronized void jarFileSystem(URI uri) {
        try {
            FileSystems.newFileSystem(uri, Map.of());
        } catch (FileSystemAlreadyExistsException e) {
            // opened by an earlier call
        } catch (IOException e) {
            throw new RosettaException("could not open the jar's shipped suites: " + e.getMessage(), e);
        }
    }

    /** The tasks whose id ({@code suite/name}) or name matches one of the comma-separated globs; all when none. */
    public static List<EvalTask> select(List<EvalTask> tasks, Optional<String> globs) {
        if (globs.isEmpty() || globs.get().isBlank()) {
            return tasks;
        }
        List<Pattern> patterns = new ArrayList<>();
        for (String g : globs.get().split(",")) {
            if (!g.isBlank()) {
                patterns.add(glob(g.strip()));
            }
        }
        List<EvalTask> out = tasks.stream().filter(t -> patterns.stream()
                .anyMatch(p -> p.matcher(t.id()).matches() || p.matcher(t.name()).matches())).toList();
        if (out.isEmpty()) {
            throw new RosettaException("--tasks " + globs.get() + " matches none of the " + tasks.size() + " tasks");
        }
        return out;
    }

    static Pattern glob(String glob) {
        StringBuilder regex = new StringBuilder();
        for (char c : glob.toCharArray()) {
            switch (c) {
                case '*' -> regex.append(".*");
                case '?' -> regex.append('.');
                default -> regex.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return Pattern.compile(regex.toString());
    }
}
