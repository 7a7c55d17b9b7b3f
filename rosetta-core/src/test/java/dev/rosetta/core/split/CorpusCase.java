package dev.rosetta.core.split;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Test support: one case of the model-output corpus ({@code src/test/resources/corpus/*.txt}), a
 * message restated from another project's test suite and the segments Rosetta must read from it.
 *
 * <p>A corpus file is a list of cases. Lines starting {@code =#=} are directives; every other
 * line belongs to the message or to the expectations:
 * <pre>
 * =#= case NAME              starts a case (names are unique in the corpus)
 * =#= from WHERE             the suite the model output was restated from
 * =#= format auto|ID         how the message is read (default auto: every dialect's own reader)
 * =#= tools all|schemas|builtin   the tools loaded (default all: tools.json and the built-ins)
 * =#= escaped                the message holds escapes: \n \r \t \\ \\uXXXX
 * =#= trailing-newline       the message ends with a line break
 * =#= differs WHY            Rosetta reads this message otherwise than the suite did, by a rule
 *                            of docs/DIALECTS.md; the expectations are Rosetta's reading
 * =#= gap WHY                Rosetta does not read this yet as expected: the case must fail, and
 *                            the line goes when a fix makes it pass
 * ... the message, its last line break not part of it ...
 * =#= expect
 * call TOOL {KWARGS}         a call of TOOL with exactly these named arguments ("TOOL" in JSON
 *                            quotes when it holds a space; {KWARGS} may be left out for none)
 *   args [..] / content ".." / id ".." / dialect NAME   more of the same call
 * prose "TEXT"               prose, compared with its surrounding whitespace stripped
 * prose~ "TEXT"              prose holding TEXT
 * thinking "TEXT" / thinking~ "TEXT"
 * unparsed "PROBLEM"         an unparsed segment whose problem holds PROBLEM (any case); "" for any
 * </pre>
 * Expected values are JSON. Blank prose is ignored and adjacent prose segments are one.
 */
public record CorpusCase(String file, String name, String from, String format, String tools, String differs,
        String gap, String message, List<Expected> expected) {

    /** One expected segment: its kind, its main value (JSON), and refinements (key, JSON). */
    public record Expected(String kind, String value, List<String[]> details) {}

    /** Every case of the corpus, by file name, files in name order (found on the class path). */
    public static Map<String, List<CorpusCase>> all() {
        return onClassPath(dir -> {
            Map<String, List<CorpusCase>> out = new LinkedHashMap<>();
            try (Stream<Path> files = Files.list(dir)) {
                for (Path f : files.filter(p -> p.toString().endsWith(".txt")).sorted().toList()) {
                    out.put(f.getFileName().toString(), read(f.getFileName().toString(), Files.readAllLines(f, StandardCharsets.UTF_8)));
                }
            }
            return out;
        });
    }

    /** The corpus's tools.json: the OpenAI-style tools array its messages call, as --tool-schemas takes it. */
    public static String toolsJson() {
        return onClassPath(dir -> Files.readString(dir.resolve("tools.json"), StandardCharsets.UTF_8));
    }

    private interface InDirectory<T> {
        T read(Path dir) throws IOException;
    }

    /** Reads the corpus folder on the class path: test-classes, or the test jar another module depends on. */
    private static <T> T onClassPath(InDirectory<T> reading) {
        try {
            URI tools = CorpusCase.class.getResource("/corpus/tools.json").toURI();
            if (!tools.getScheme().equals("jar")) {
                return reading.read(Path.of(tools).getParent());
            }
            try (FileSystem jar = FileSystems.newFileSystem(tools, Map.of())) {
                return reading.read(jar.getPath("/corpus"));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static List<CorpusCase> read(String fileName, List<String> lines) {
        List<CorpusCase> cases = new ArrayList<>();
        Builder b = null;
        for (String line : lines) {
            if (line.startsWith("=#= case ")) {
                if (b != null) {
                    cases.add(b.build());
                }
                b = new Builder(fileName, line.substring("=#= case ".length()).strip());
            } else if (b == null) {
                continue; // the file's heading comment
            } else {
                b.line(line);
            }
        }
        if (b != null) {
            cases.add(b.build());
        }
        return cases;
    }

    private static final class Builder {
        final String file;
        final String name;
        String from = "";
        String format = "auto";
        String tools = "all";
        String differs;
        String gap;
        boolean escaped;
        boolean trailingNewline;
        boolean expecting;
        final List<String> message = new ArrayList<>();
        final List<Expected> expected = new ArrayList<>();

        Builder(String file, String name) {
            this.file = file;
            this.name = name;
        }

        void line(String line) {
            if (line.startsWith("=#= ")) {
                String d = line.substring(4).strip();
                String word = d.split(" ", 2)[0];
                String rest = d.substring(word.length()).strip();
                switch (word) {
                    case "from" -> from = rest;
                    case "format" -> format = rest;
                    case "tools" -> tools = rest;
                    case "differs" -> differs = rest;
                    case "gap" -> gap = rest;
                    case "escaped" -> escaped = true;
                    case "trailing-newline" -> trailingNewline = true;
                    case "expect" -> expecting = true;
                    default -> throw new IllegalArgumentException(name + ": unknown directive " + line);
                }
            } else if (!expecting) {
                message.add(line);
            } else if (line.isBlank()) {
                return;
            } else if (line.startsWith(" ")) {
                String d = line.strip();
                int sp = d.indexOf(' ');
                expected.getLast().details().add(new String[] {d.substring(0, sp), d.substring(sp + 1).strip()});
            } else {
                int sp = line.indexOf(' ');
                String kind = sp < 0 ? line : line.substring(0, sp);
                expected.add(new Expected(kind, sp < 0 ? "" : line.substring(sp + 1).strip(), new ArrayList<>()));
            }
        }

        CorpusCase build() {
            String text = String.join("\n", message) + (trailingNewline ? "\n" : "");
            return new CorpusCase(file, name, from, format, tools, differs, gap, escaped ? unescape(text) : text, expected);
        }
    }

    static String unescape(String text) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c != '\\' || i + 1 == text.length()) {
                out.append(c);
                continue;
            }
            char n = text.charAt(++i);
            switch (n) {
                case 'n' -> out.append('\n');
                case 'r' -> out.append('\r');
                case 't' -> out.append('\t');
                case '\\' -> out.append('\\');
                case 'u' -> {
                    out.append((char) Integer.parseInt(text.substring(i + 1, i + 5), 16));
                    i += 4;
                }
                default -> out.append('\\').append(n);
            }
        }
        return out.toString();
    }

    @Override
    public String toString() {
        return file + ": " + name;
    }
}
