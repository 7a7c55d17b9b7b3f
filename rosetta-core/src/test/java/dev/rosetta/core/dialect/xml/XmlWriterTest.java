package dev.rosetta.core.dialect.xml;

import static dev.rosetta.core.dialect.xml.XmlCalls.onlyCall;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.split.Segment.Call;
import dev.rosetta.core.split.Splitting;
import dev.rosetta.core.tool.BuiltinTools;
import dev.rosetta.core.tool.Example;
import dev.rosetta.core.tool.Parameter;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.core.tool.ToolUse;

/** Writing calls as xml, and reading what was written back as the same call. */
class XmlWriterTest {

    private static final XmlDialect XML = XmlDialect.INSTANCE;

    /** A tool whose body is code and which also takes a typed named argument. */
    private static final ToolSpec RUN = new ToolSpec("run", "Runs code.", "", List.of(
            Parameter.body("code", "the code", true),
            Parameter.named("timeout", "integer", "seconds", false),
            Parameter.named("env", "object", "variables", false)), null, null, null);

    /** A tool that takes only named arguments, as MCP tools do. */
    private static final ToolSpec SEARCH = new ToolSpec("search", "Searches.", "", List.of(
            Parameter.named("query", "string", "what to find", true),
            Parameter.named("limit", "integer", "how many", false),
            Parameter.named("tags", "array", "filters", false)), null, null, null);

    private static final ToolCatalog TOOLS = ToolCatalog.of(
            Stream.concat(BuiltinTools.ALL.stream(), Stream.of(RUN, SEARCH)).toList());

    @Test
    void writeSpellsArgsAndBodyInsideToolUse() {
        String text = XML.write(ToolUse.positional("save", List.of("hello.py"), "print(\"Hello, world!\")"), BuiltinTools.SAVE);
        assertThat(text).isEqualTo("<tool-use>\n<save args=\"hello.py\">\nprint(\"Hello, world!\")\n</save>\n</tool-use>");
    }

    @Test
    void writeLeavesArgsOutWhenThereAreNone() {
        assertThat(XML.write(ToolUse.positional("shell", List.of(), "ls"), BuiltinTools.SHELL))
                .isEqualTo("<tool-use>\n<shell>\nls\n</shell>\n</tool-use>");
    }

    @Test
    void writeUsesTheToolsTagForIpython() {
        assertThat(XML.write(ToolUse.positional("ipython", List.of(), "1"), BuiltinTools.IPYTHON))
                .startsWith("<tool-use>\n<ipython>\n");
    }

    @Test
    void writeLeavesAngleBracketsAndAmpersandsInTheBodyAlone() {
        String body = "a && b < c > d &amp; <filename> ]]>";
        assertThat(XML.write(ToolUse.positional("shell", List.of(), body), BuiltinTools.SHELL)).contains("\n" + body + "\n");
    }

    @Test
    void writeWrapsBodyHoldingTheClosingTagInCdata() {
        String text = XML.write(ToolUse.positional("shell", List.of(), "echo '</shell>'"), BuiltinTools.SHELL);
        assertThat(text).isEqualTo("<tool-use>\n<shell>\n<![CDATA[echo '</shell>']]>\n</shell>\n</tool-use>");
    }

    @Test
    void writeSplitsCdataEndInsideCdata() {
        String body = "<![CDATA[ x ]]> </save>";
        String text = XML.write(ToolUse.positional("save", List.of("a.xml"), body), BuiltinTools.SAVE);
        assertThat(text).contains("<![CDATA[<![CDATA[ x ]]]]><![CDATA[> </save>]]>");
        assertThat(readBack(text).use().content()).isEqualTo(body);
    }

    @Test
    void writeSelfClosesACallWithoutBody() {
        String text = XML.write(ToolUse.positional("read", List.of("notes.md"), null), BuiltinTools.READ);
        assertThat(text).isEqualTo("<tool-use>\n<read args=\"notes.md\"/>\n</tool-use>");
    }

    @Test
    void writeEscapesAttributeValues() {
        String path = "say \"hi\" & <bye>.txt";
        String text = XML.write(ToolUse.positional("save", List.of(path), "x"), BuiltinTools.SAVE);
        assertThat(text).contains("args=\"say &quot;hi&quot; &amp; &lt;bye&gt;.txt\"");
        assertThat(readBack(text).use().args()).containsExactly(path);
    }

    @Test
    void writePutsNamedArgumentsInAttributes() {
        Map<String, Object> kwargs = new LinkedHashMap<>();
        kwargs.put("code", "print(1)");
        kwargs.put("timeout", 30);
        kwargs.put("env", Map.of("A", "1\n2"));
        String text = XML.write(ToolUse.named("run", kwargs, null), RUN);
        assertThat(text).isEqualTo("<tool-use>\n<run timeout=\"30\" env=\"{&quot;A&quot;:&quot;1\\n2&quot;}\">\nprint(1)\n</run>\n</tool-use>");
    }

    @Test
    void lineBreaksInAttributeValuesAreWrittenAsReferences() {
        ToolSpec note = new ToolSpec("note", "Notes.", "", List.of(Parameter.named("title", "string", "", true),
                Parameter.body("content", "", true)), null, null, null);
        ToolUse use = ToolUse.named("note", Map.of("title", "a\r\nb", "content", "x"), null);
        String text = XML.write(use, note);
        assertThat(text).contains("<note title=\"a&#13;&#10;b\">");
        Call read = onlyCall(Splitting.split(text, ToolFormat.XML, ToolCatalog.of(note)));
        assertThat(read.use().kwargs()).containsEntry("title", "a\r\nb");
    }

    @Test
    void writeGivesAToolWithOnlyNamedArgumentsAJsonBody() {
        String text = XML.write(ToolUse.named("search", Map.of("query", "xml"), null), SEARCH);
        assertThat(text).isEqualTo("<tool-use>\n<search>\n{\"query\":\"xml\"}\n</search>\n</tool-use>");
    }

    @Test
    void writeRejectsWhatTheDialectCannotSpell() {
        assertThatThrownBy(() -> XML.write(ToolUse.named("run", Map.of("code", "x", "args", "y"), null), RUN))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'args'");
        assertThatThrownBy(() -> XML.write(ToolUse.named("run", Map.of("code", "x", "two words", "y"), null), RUN))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'two words'");
    }

    static Stream<Arguments> builtinExamples() {
        List<Arguments> out = new ArrayList<>();
        for (ToolSpec spec : BuiltinTools.ALL) {
            for (Example e : spec.examples()) {
                out.add(Arguments.of(spec.name(), e.use()));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("builtinExamples")
    void everyBuiltinExampleReadsBackAsTheSameCall(String tool, ToolUse use) {
        ToolSpec spec = BuiltinTools.catalog().resolve(tool).orElseThrow();
        assertThat(readBack(XML.write(use, spec)).use()).isEqualTo(use);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("builtinExamples")
    void everyBuiltinExampleAsANativeCallReadsBackWithTheSameArguments(String tool, ToolUse use) {
        ToolSpec spec = BuiltinTools.catalog().resolve(tool).orElseThrow();
        ToolUse nativeUse = ToolUse.named(tool, spec.bind(use).values(), "call_1");
        assertThat(spec.bind(readBack(XML.write(nativeUse, spec)).use())).isEqualTo(spec.bind(nativeUse));
    }

    static Stream<Arguments> nativeUses() {
        Map<String, Object> run = new LinkedHashMap<>();
        run.put("code", "while x < 3 and y > 2: pass  # </run>");
        run.put("timeout", 5);
        run.put("env", Map.of("PATH", "/bin", "NOTE", "a \"quoted\"\r\nline"));
        return Stream.of(
                Arguments.of(ToolUse.named("shell", Map.of("command", "ls -la && echo '<tool-use>'"), "c1"), BuiltinTools.SHELL),
                Arguments.of(ToolUse.named("save", Map.of("path", "my dir/a b.txt", "content", "x\n"), "c2"), BuiltinTools.SAVE),
                Arguments.of(ToolUse.named("read", Map.of("path", "'quoted'.md"), "c3"), BuiltinTools.READ),
                Arguments.of(ToolUse.named("read", Map.of("path", "big.log", "lines", "120-"), "c4"), BuiltinTools.READ),
                Arguments.of(ToolUse.named("run", run, "c5"), RUN),
                Arguments.of(ToolUse.named("search", Map.of("query", "a </search> b", "limit", 3, "tags", List.of("x", "y")), "c6"), SEARCH));
    }

    @ParameterizedTest
    @MethodSource("nativeUses")
    void nativeShapedCallsReadBackWithTheSameBoundArguments(ToolUse use, ToolSpec spec) {
        String text = XML.write(use, spec);
        Call read = onlyCall(Splitting.split("Sure:\n" + text + "\nDone.", ToolFormat.XML, TOOLS));
        assertThat(spec.bind(read.use())).isEqualTo(spec.bind(use));
    }

    static Stream<Integer> seeds() {
        return IntStream.range(0, 200).boxed();
    }

    private static final String[] PIECES = {
        "<", "/", ">", "]", "]]>", "&", "&amp;", "&lt;", "`", "```", "\n", "\r\n", "\r", "\"", "'", " ", "\t",
        "shell", "save", "<shell>", "</shell>", "</save>", "<save args=\"x\">", "<![CDATA[", "<tool-use>", "</tool-use>",
        "<function_calls>", "<invoke name=\"shell\">", "<think>", "</think>", "x", "é", "😀", "=", "{", "}",
    };

    /** Random bodies rich in markup-like text come back exactly, for a body-only tool and a path tool. */
    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void randomBodiesRoundTrip(int seed) {
        Random random = new Random(seed);
        StringBuilder body = new StringBuilder();
        int pieces = random.nextInt(40);
        for (int i = 0; i < pieces; i++) {
            body.append(PIECES[random.nextInt(PIECES.length)]);
        }
        boolean save = random.nextBoolean();
        ToolUse use = save
                ? ToolUse.positional("save", List.of("dir " + seed + "/f\"i'le.txt"), body.toString())
                : ToolUse.positional("shell", List.of(), body.toString());
        String text = XML.write(use, save ? BuiltinTools.SAVE : BuiltinTools.SHELL);
        assertThat(readBack(text).use()).as(text).isEqualTo(use);
    }

    private static Call readBack(String written) {
        return onlyCall(written);
    }
}
