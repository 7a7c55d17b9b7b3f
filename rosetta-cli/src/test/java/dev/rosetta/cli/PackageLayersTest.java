package dev.rosetta.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * The command line's packages in layers, read from the sources (imports and names written out in
 * full alike): the launcher picks a front end, a front end uses the shared terminal parts and the
 * renderer, and nothing points back up. The front ends — the line prompt, the JLine prompt, the
 * terminal UI, the ACP agent — never use each other: each is an adapter over the session host.
 */
class PackageLayersTest {

    private static final Path SOURCES = Path.of("src/main/java/dev/rosetta/cli");
    private static final Pattern USE = Pattern.compile("\\bdev\\.rosetta\\.cli\\.(?:([a-z]+)\\.)?[A-Z]");
    private static final Set<String> FRONT_ENDS = Set.of("line", "repl", "ui", "acp");
    /** What every front end may use; none of it may use a front end. */
    private static final Set<String> SHARED = Set.of("terminal", "render", "option");

    /** Package → the packages of this module its sources name. */
    private static Map<String, Set<String>> uses() throws IOException {
        Map<String, Set<String>> uses = new TreeMap<>();
        try (Stream<Path> files = Files.walk(SOURCES)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                Path folder = SOURCES.relativize(file.getParent());
                String from = folder.toString().isEmpty() ? "(root)" : folder.toString().replace('/', '.');
                Set<String> to = uses.computeIfAbsent(from, f -> new TreeSet<>());
                Matcher m = USE.matcher(text(file));
                while (m.find()) {
                    String used = m.group(1) == null ? "(root)" : m.group(1);
                    if (!used.equals(from)) {
                        to.add(used);
                    }
                }
            }
        }
        return uses;
    }

    private static String text(Path file) {
        try {
            return Files.readString(file).replaceFirst("(?m)^package [^;]+;", "");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void noPackageOfTheCommandLineUsesOneThatUsesItBack() throws IOException {
        Map<String, Set<String>> uses = uses();
        assertThat(uses).containsKeys("chat", "line", "repl", "ui", "terminal", "render");
        List<String> cycles = new ArrayList<>();
        for (String start : uses.keySet()) {
            if (reaches(uses, start, start, new TreeSet<>())) {
                cycles.add(start);
            }
        }
        assertThat(cycles).as("packages on an import circle; the uses are %s", uses).isEmpty();
    }

    @Test
    void frontEndsNeverUseEachOtherAndTheSharedPartsUseNoFrontEnd() throws IOException {
        Map<String, Set<String>> uses = uses();
        uses.forEach((from, to) -> {
            if (FRONT_ENDS.contains(from) || SHARED.contains(from)) {
                assertThat(to).as("what %s uses", from).doesNotContainAnyElementsOf(FRONT_ENDS)
                        .doesNotContain("(root)", "chat");
            }
        });
    }

    private static boolean reaches(Map<String, Set<String>> uses, String from, String target, Set<String> seen) {
        for (String next : uses.getOrDefault(from, Set.of())) {
            if (next.equals(target)) {
                return true;
            }
            if (seen.add(next) && reaches(uses, next, target, seen)) {
                return true;
            }
        }
        return false;
    }
}
