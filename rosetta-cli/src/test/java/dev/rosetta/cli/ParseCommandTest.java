package dev.rosetta.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import dev.rosetta.cli.option.ParseFormat;
import dev.rosetta.core.dialect.attool.CallIds;

class ParseCommandTest {

    @TempDir
    Path dir;

    private Path file(String text) throws IOException {
        return Files.writeString(dir.resolve("message.md"), text, StandardCharsets.UTF_8);
    }

    private Cli.Run parse(String message, String... options) throws IOException {
        String[] args = new String[options.length + 2];
        args[0] = "parse";
        System.arraycopy(options, 0, args, 1, options.length);
        args[args.length - 1] = file(message).toString();
        return Cli.run(args);
    }

    private static Map<String, Object> segment(Object... keysAndValues) {
        Map<String, Object> map = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            map.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return map;
    }

    @Test
    void markdownMessageFromAFileIsProseCallProse() throws IOException {
        Cli.Run run = parse("Let me look.\n```shell\nls -la\n```\nDone.");
        assertThat(run.exitCode()).isZero();
        assertThat(run.err()).isEmpty();
        assertThat(run.out()).endsWith("}\n").doesNotContain("\n{").hasLineCount(1);
        assertThat(run.json()).containsEntry("format", "markdown");
        assertThat(run.segments()).containsExactly(
                segment("type", "prose", "text", "Let me look.\n", "blocks", List.of(), "start", 0, "end", 13),
                segment("type", "call", "dialect", "markdown", "tool", "shell", "args", List.of(),
                        "content", "ls -la", "kwargs", Map.of(), "call_id", CallIds.generate("shell", 13, "```shell\nls -la\n```\n"),
                        "start", 13, "end", 33),
                segment("type", "prose", "text", "Done.", "blocks", List.of(), "start", 33, "end", 38));
    }

    @Test
    void callKeysComeInTheDocumentedOrder() throws IOException {
        String out = parse("```shell\nls\n```").out();
        assertThat(out).isEqualTo("{\"format\":\"markdown\",\"segments\":[{\"type\":\"call\",\"dialect\":\"markdown\","
                + "\"tool\":\"shell\",\"args\":[],\"content\":\"ls\",\"kwargs\":{},\"call_id\":\""
                + CallIds.generate("shell", 0, "```shell\nls\n```") + "\",\"start\":0,\"end\":15}]}\n");
    }

    @Test
    void argumentsAfterTheTagAreArgs() throws IOException {
        Map<String, Object> call = parse("```save x.py\nprint(1)\n```\n").segments().get(0);
        assertThat(call).containsEntry("tool", "save")
                .containsEntry("args", List.of("x.py"))
                .containsEntry("content", "print(1)");
    }

    @Test
    void contentIsTheBodyAsWrittenWithoutTheLastLineBreak() throws IOException {
        Map<String, Object> call = parse("```save notes.md\n\n  indented\n\n```").segments().get(0);
        assertThat(call).containsEntry("content", "\n  indented\n");
    }

    @Test
    void aliasBlockIsUnparsedWithTheProblem() throws IOException {
        String block = "```python\nprint(1)\n```";
        Map<String, Object> s = parse(block).segments().get(0);
        assertThat(s).containsEntry("type", "unparsed")
                .containsEntry("dialect", "markdown")
                .containsEntry("raw", block)
                .containsEntry("start", 0)
                .containsEntry("end", block.length())
                .containsOnlyKeys("type", "dialect", "problem", "raw", "start", "end");
        assertThat((String) s.get("problem")).contains("```ipython");
    }

    @Test
    void unclosedFenceIsUnparsed() throws IOException {
        List<Map<String, Object>> segments = parse("Here:\n```shell\nls\n").segments();
        assertThat(segments).extracting(s -> s.get("type")).containsExactly("prose", "unparsed");
        assertThat((String) segments.get(1).get("problem")).contains("unclosed fence");
    }

    @Test
    void thinkingIsItsOwnSegment() throws IOException {
        List<Map<String, Object>> segments = parse("<think>\nhmm\n</think>\nAnswer.").segments();
        assertThat(segments).extracting(s -> s.get("type")).containsExactly("thinking", "prose");
        assertThat((String) segments.get(0).get("text")).contains("hmm").doesNotContain("<think>");
    }

    @Test
    void offsetsCountCodePointsNotUtf16Units() throws IOException {
        // Each emoji is two UTF-16 units but one character to Python.
        String message = "😀 é 🎉\n```shell\necho 👍\n```\nok 🙂";
        List<Map<String, Object>> segments = parse(message).segments();
        assertThat(segments).extracting(s -> s.get("start"), s -> s.get("end")).containsExactly(
                tuple(0, 6),
                tuple(6, 26),
                tuple(26, 30));
        assertEverySliceIsItsSource(message, segments);
    }

    /**
     * Issue 10 #19: Java reads ED A0 80 as one U+FFFD, Python as three, so code-point offsets into
     * such input point elsewhere in Python's string. Byte offsets into the input as given do not.
     */
    @Test
    void offsetsInBytesIndexTheInputAsGivenMalformedBytesIncluded() throws IOException {
        byte[] head = "bad \u00e9 ".getBytes(StandardCharsets.UTF_8);
        byte[] surrogate = {(byte) 0xED, (byte) 0xA0, (byte) 0x80};
        byte[] tail = "\n```shell\necho \ud83d\udc4d\n```\nok".getBytes(StandardCharsets.UTF_8);
        byte[] input = new byte[head.length + surrogate.length + tail.length];
        System.arraycopy(head, 0, input, 0, head.length);
        System.arraycopy(surrogate, 0, input, head.length, surrogate.length);
        System.arraycopy(tail, 0, input, head.length + surrogate.length, tail.length);
        Path file = Files.write(dir.resolve("message.md"), input);

        Cli.Run bytes = Cli.run("parse", "--offsets", "bytes", file.toString());
        Cli.Run codePoints = Cli.run("parse", file.toString());

        assertThat(bytes.exitCode()).as(bytes.err()).isZero();
        List<Map<String, Object>> segments = bytes.segments();
        assertThat(segments).extracting(s -> s.get("type")).containsExactly("prose", "call", "prose");
        Map<String, Object> call = segments.get(1);
        String raw = new String(input, (int) call.get("start"), (int) call.get("end") - (int) call.get("start"),
                StandardCharsets.UTF_8);
        assertThat(raw).isEqualTo("```shell\necho \ud83d\udc4d\n```\n");
        assertThat(segments.get(0)).containsEntry("start", 0).containsEntry("end", head.length + surrogate.length + 1);
        assertThat(codePoints.segments().get(1)).containsEntry("start", 8);
        assertThat(segments).extracting(s -> s.get("text"), s -> s.get("content"))
                .isEqualTo(codePoints.segments().stream().map(s -> tuple(s.get("text"), s.get("content"))).toList());
        assertThat(Cli.run("parse", "--offsets", "words", file.toString()).err())
                .startsWith("rosetta parse: Invalid value for option '--offsets': unknown offset unit 'words'; use one"
                        + " of code-points, bytes");
    }

    /** message[start:end], counted in code points as Python would, is what each segment was read from. */
    private static void assertEverySliceIsItsSource(String message, List<Map<String, Object>> segments) {
        int[] codePoints = message.codePoints().toArray();
        for (Map<String, Object> s : segments) {
            String slice = new String(codePoints, (int) s.get("start"), (int) s.get("end") - (int) s.get("start"));
            switch ((String) s.get("type")) {
                case "prose" -> assertThat(slice).isEqualTo(s.get("text"));
                case "unparsed" -> assertThat(slice).isEqualTo(s.get("raw"));
                case "call" -> assertThat(slice).contains((String) s.get("content"));
                default -> assertThat(slice).contains((String) s.get("text"));
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 5, 7, 64, 100_000})
    void streamingInChunksPrintsWhatReadingWholePrints(int chunk) throws IOException {
        String message = """
                Intro 😀 with an emoji.
                <think>
                plan 🎉 things
                </think>
                ```shell
                echo 👍
                ```
                ```python
                print("alias")
                ```
                ````save README.md
                # Title
                ```shell
                nested
                ```
                ````
                Windows line\r
                ```mytool a "b c"\r
                body\r
                ```\r
                Tail without newline and an unclosed fence:
                ```read x.txt
                1-2""";
        String batch = parse(message, "--tools", "shell,save,read,ipython,mytool").out();
        String streamed = parse(message, "--tools", "shell,save,read,ipython,mytool", "--chunk", String.valueOf(chunk)).out();
        assertThat(streamed).isEqualTo(batch);
        assertThat(Cli.runWithStdin(message, "parse", "--tools", "shell,save,read,ipython,mytool").segments())
                .extracting(s -> (String) s.get("type"))
                .contains("prose", "thinking", "call", "unparsed");
    }

    @Test
    void onlyTheToolsListedMakeCalls() throws IOException {
        Cli.Run run = parse("```shell\nls\n```\n```save x\ny\n```", "--tools", "shell,read");
        assertThat(run.exitCode()).isZero();
        List<Map<String, Object>> segments = run.segments();
        assertThat(segments.get(0)).containsEntry("type", "call").containsEntry("tool", "shell");
        // save was not among the tools given, so its block is only text.
        assertThat(segments.get(1)).containsEntry("type", "prose");
    }

    @Test
    void aToolThatIsNotBuiltInStillMakesACall() throws IOException {
        Cli.Run run = parse("```mytool a \"b c\"\nbody\n```\n```save x\ny\n```", "--tools", "shell,mytool");
        assertThat(run.exitCode()).isZero();
        List<Map<String, Object>> segments = run.segments();
        assertThat(segments.get(0)).containsEntry("type", "call")
                .containsEntry("tool", "mytool")
                .containsEntry("args", List.of("a", "b c"))
                .containsEntry("content", "body");
        // save was not among the tools given, so its block is only text.
        assertThat(segments.get(1)).containsEntry("type", "prose");
    }

    @Test
    void takingOutAToolThatIsNotThereIsBadUsageListingTheTools() throws IOException {
        Cli.Run run = parse("```shell\nls\n```", "--tools", "-mytool");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.out()).isEmpty();
        assertThat(run.err()).startsWith("rosetta parse: unknown tool 'mytool' in --tools; the tools are: shell,");
    }

    @Test
    void toolsMayBeRepeatedAndListed() throws IOException {
        List<Map<String, Object>> segments = parse("```shell\n1\n```\n```save p\n2\n```\n```read p\n```",
                "--tools", "shell,save", "--tools", "read").segments();
        assertThat(segments).extracting(s -> s.get("tool")).containsExactly("shell", "save", "read");
    }

    @Test
    void toolsMayBeChangesToTheBuiltInsAsInAChat() throws IOException {
        List<Map<String, Object>> segments = parse("```read p\n```\n```shell\nls\n```", "--tools", "-read").segments();
        assertThat(segments).extracting(s -> s.get("type")).containsExactly("prose", "call");
    }

    @Test
    void withoutToolsTheBuiltInsAreLoaded() throws IOException {
        String message = String.join("\n", "```shell", "1", "```", "```ipython", "2", "```", "```jshell", "3", "```",
                "```save p", "4", "```", "```append p", "5", "```", "```patch p", "6", "```", "```read p", "```");
        assertThat(parse(message).segments()).extracting(s -> s.get("tool"))
                .containsExactly("shell", "ipython", "jshell", "save", "append", "patch", "read");
    }

    @Test
    void badFormatIsBadUsageNamingTheValidOnes() throws IOException {
        Cli.Run run = parse("hi", "--format", "json");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.out()).isEmpty();
        assertThat(run.err()).startsWith("rosetta parse: unknown tool format 'json'; use one of auto, markdown, xml, tool, ")
                .hasLineCount(1);
        Cli.Run unnamable = parse("hi", "--format", "no such name");
        assertThat(unnamable.exitCode()).isEqualTo(2);
        assertThat(unnamable.err()).startsWith("rosetta parse: Invalid value for option '--format': unknown tool format"
                + " 'no such name'; use one of auto, markdown, xml, tool, ")
                .contains(System.lineSeparator() + "Try 'rosetta parse --help'");
    }

    private static final String ACME = """
            [[dialects]]
            name = "acme"
            shape = "json"
            open = "<|acme_call|>"
            close = "<|acme_end|>"
            reasoning = [["<|acme_think|>", "<|acme_thought|>"]]
            """;

    @Test
    void dialectsFromAFileAreReadBesideTheBuiltInOnes() throws IOException {
        Path dialects = Files.writeString(dir.resolve("dialects.toml"), ACME);
        String message = "<|acme_think|>hmm<|acme_thought|>\n<|acme_call|>{\"name\": \"lookup\", \"arguments\": {\"q\": 1}}"
                + "<|acme_end|>\n<tool_call>{\"name\": \"lookup\", \"arguments\": {}}</tool_call>";
        for (String format : List.of("auto", "markdown", "acme", "ACME")) {
            Cli.Run run = parse(message, "--format", format, "--tools", "lookup", "--dialects", dialects.toString());
            assertThat(run.exitCode()).as(run.err()).isZero();
            assertThat(run.segments()).as(format).filteredOn(s -> !"prose".equals(s.get("type")))
                    .extracting(s -> s.get("type"), s -> s.get("dialect"))
                    .containsExactly(tuple("thinking", null), tuple("call", "acme"), tuple("call", "hermes"));
        }
        assertThat(parse(message, "--format", "acme", "--tools", "lookup", "--dialects", dialects.toString()).json())
                .containsEntry("format", "acme");
    }

    /** The descriptions DIALECTS.md shows under "Describing a dialect" read, and read what it says they do. */
    @Test
    void theDocumentedExampleDialectsReadAsTheDocsSay() throws IOException {
        String docs = Files.readString(Path.of("..", "docs", "DIALECTS.md"));
        String section = docs.substring(docs.indexOf("## Describing a dialect"), docs.indexOf("## How to add a dialect"));
        List<String> examples = new java.util.ArrayList<>();
        for (int at = section.indexOf("```toml\n"); at >= 0; at = section.indexOf("```toml\n", at + 1)) {
            examples.add(section.substring(at + 8, section.indexOf("```\n", at + 8)));
        }
        assertThat(examples).hasSize(2);
        Path acme = Files.writeString(dir.resolve("acme.toml"), examples.get(0));
        String message = "<|acme_think|>maybe <|acme_call|>{\"name\": \"shell\", \"arguments\": {\"command\": \"rm\"}}<|acme_end|>"
                + "<|acme_thought|>\n<|acme_call|>{\"name\": \"shell\", \"arguments\": {\"command\": \"ls\"}}<|acme_end|><|acme_eot|>";
        Cli.Run run = parse(message, "--dialects", acme.toString(), "--format", "acme");
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.segments()).filteredOn(s -> "call".equals(s.get("type"))).singleElement()
                .satisfies(s -> assertThat(s).containsEntry("dialect", "acme").containsEntry("kwargs", Map.of("command", "ls")));
        assertThat(run.segments()).filteredOn(s -> "prose".equals(s.get("type")))
                .allSatisfy(s -> assertThat((String) s.get("text")).doesNotContain("acme"));
        Path acme2 = Files.writeString(dir.resolve("acme2.toml"), examples.get(1));
        Cli.Run two = parse("<|acme_call|>call:shell{command:<|q|>ls<|q|>}<|acme_end|>\n>>>shell\n{\"command\": \"pwd\"}",
                "--dialects", acme2.toString(), "--format", "auto");
        assertThat(two.segments()).filteredOn(s -> "call".equals(s.get("type"))).extracting(s -> s.get("kwargs"))
                .containsExactly(Map.of("command", "ls"), Map.of("command", "pwd"));
    }

    @Test
    void aFormatNamingNoDialectOfTheFileIsBadUsageListingThem() throws IOException {
        Path dialects = Files.writeString(dir.resolve("dialects.toml"), ACME);
        Cli.Run run = parse("hi", "--format", "acme2", "--dialects", dialects.toString());
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).startsWith("rosetta parse: unknown tool format 'acme2'; use one of auto, markdown")
                .endsWith(", or a dialect of --dialects: acme" + System.lineSeparator());
    }

    @Test
    void aMalformedDialectIsBadUsageNamingTheLineAndKeyWithoutAStackTrace() throws IOException {
        Path dialects = Files.writeString(dir.resolve("dialects.toml"), ACME + "shpae = \"json\"\n");
        Cli.Run run = parse("hi", "--format", "auto", "--dialects", dialects.toString());
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.out()).isEmpty();
        assertThat(run.err()).isEqualTo("rosetta parse: " + dialects + ":7:1: dialects[1].shpae: is not a key of a dialect;"
                + " the keys are: name, models, source, calls, reasoning, markup, markup-tags, prompt, shape, open, close, section-open,"
                + " section-close, evidence, mid-line, separator, name-prefix, name-counter, id-from-header,"
                + " name-after-separator, functions, parameters, bare-functions, key, value, quote, tool, bare, write, stop"
                + System.lineSeparator());
        Cli.Run missing = parse("hi", "--dialects", dir.resolve("nope.toml").toString());
        assertThat(missing.exitCode()).isEqualTo(2);
        assertThat(missing.err()).contains("nope.toml: no such file").hasLineCount(1);
        Path invalid = Files.writeString(dir.resolve("bad.toml"), "[[dialects]]\nname = \n");
        assertThat(parse("hi", "--dialects", invalid.toString()).err()).startsWith("rosetta parse: " + invalid + ":2")
                .contains("invalid TOML").hasLineCount(1);
    }

    @Test
    void formatIsCaseInsensitive() throws IOException {
        assertThat(parse("hi", "--format", "XML").json()).containsEntry("format", "xml");
    }

    @Test
    void chunkBelowOneIsBadUsage() throws IOException {
        Cli.Run run = parse("hi", "--chunk", "0");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).startsWith("rosetta parse: Invalid value for option '--chunk': '0' is not a whole number"
                + " from 1 to 999999999");
    }

    @Test
    void missingFileIsBadUsageInOneLine() {
        String missing = dir.resolve("x.md").toString();
        Cli.Run run = Cli.run("parse", missing);
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.out()).isEmpty();
        assertThat(run.err()).isEqualTo("rosetta parse: cannot read '" + missing + "': no such file" + System.lineSeparator());
    }

    @Test
    void directoryIsBadUsageInOneLine() {
        Cli.Run run = Cli.run("parse", dir.toString());
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).hasLineCount(1).contains("is a directory");
    }

    @Test
    void messageComesFromStdinWithoutAFile() {
        Cli.Run run = Cli.runWithStdin("Hi\n```shell\nls\n```\n", "parse");
        assertThat(run.exitCode()).isZero();
        assertThat(run.segments()).extracting(s -> s.get("type")).containsExactly("prose", "call");
    }

    @Test
    void dashMeansStdin() {
        Cli.Run run = Cli.runWithStdin("```shell\nls\n```", "parse", "-");
        assertThat(run.segments()).extracting(s -> s.get("tool")).containsExactly("shell");
    }

    @Test
    void emptyMessageHasNoSegments() {
        Cli.Run run = Cli.runWithStdin("", "parse");
        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).isEqualTo("{\"format\":\"markdown\",\"segments\":[]}\n");
    }

    @Test
    void invalidUtf8IsReadWithReplacementCharacters() {
        byte[] bytes = {'o', 'k', ' ', (byte) 0xFF, ' ', (byte) 0xC3, '\n', '`', '`', '`', 's', 'h', 'e', 'l', 'l', '\n',
            'l', 's', ' ', (byte) 0xE2, (byte) 0x82, '\n', '`', '`', '`', '\n'};
        Cli.Run run = Cli.run(bytes, "parse", "--chunk", "3");
        assertThat(run.exitCode()).isZero();
        assertThat(run.err()).isEmpty();
        List<Map<String, Object>> segments = run.segments();
        assertThat(segments.get(0)).containsEntry("text", "ok \uFFFD \uFFFD\n");
        assertThat(segments.get(1)).containsEntry("tool", "shell").containsEntry("content", "ls \uFFFD");
    }

    @Test
    void prettyPrintsTheSameObjectIndented() throws IOException {
        String message = "Hi\n```save a.py\nx\n```";
        Cli.Run pretty = parse(message, "--pretty");
        assertThat(pretty.exitCode()).isZero();
        assertThat(pretty.out()).contains("\n  ").endsWith("}\n");
        assertThat(pretty.json()).isEqualTo(parse(message).json());
    }

    @Test
    void helpDocumentsCodePointOffsets() {
        Cli.Run run = Cli.run("parse", "--help");
        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).startsWith("Usage: rosetta parse").contains("code points", "--chunk", "--tools", "--format",
                "--offsets", "ED A0 80");
    }

    // --- xml and tool formats -------------------------------------------------------------

    @Test
    void xmlFormatReadsToolUseElements() throws IOException {
        Cli.Run run = parse("I'll save it.\n<tool-use>\n<save args=\"hello.py\">\nprint(1)\n</save>\n</tool-use>\n",
                "--format", "xml");
        assertThat(run.json()).containsEntry("format", "xml");
        Map<String, Object> call = run.segments().stream().filter(s -> s.get("type").equals("call")).findFirst()
                .orElseThrow(() -> new AssertionError("no call in " + run.out()));
        assertThat(call).containsEntry("dialect", "xml")
                .containsEntry("tool", "save")
                .containsEntry("args", List.of("hello.py"));
        assertThat((String) call.get("content")).isEqualToIgnoringWhitespace("print(1)");
    }

    @Test
    void xmlFormatReadsAFencedCallAsCodeForTheUser() throws IOException {
        Map<String, Object> s = parse("```shell\nls\n```", "--format", "xml").segments().get(0);
        assertThat(s).containsEntry("type", "prose").containsEntry("text", "```shell\nls\n```");
    }

    @Test
    void toolFormatReadsAtToolCallsWithKwargsAndCallId() throws IOException {
        Cli.Run run = parse("Listing.\n@shell(call_1): {\"command\": \"ls\", \"timeout\": 5, \"env\": {\"A\": [1, true, null]}}\n",
                "--format", "tool");
        Map<String, Object> call = run.segments().stream().filter(s -> s.get("type").equals("call")).findFirst()
                .orElseThrow(() -> new AssertionError("no call in " + run.out()));
        assertThat(call).containsEntry("dialect", "tool")
                .containsEntry("tool", "shell")
                .containsEntry("args", List.of())
                .containsEntry("content", null)
                .containsEntry("call_id", "call_1");
        assertThat(call.get("kwargs")).isEqualTo(Map.of("command", "ls", "timeout", 5,
                "env", Map.of("A", Arrays.asList(1, true, null))));
    }

    @Test
    void toolFormatReadsAFencedCallAsCodeForTheUser() throws IOException {
        Map<String, Object> s = parse("```shell\nls\n```", "--format", "tool").segments().get(0);
        assertThat(s).containsEntry("type", "prose");
        Map<String, Object> call = parse("```shell\nls\n```", "--format", "markdown").segments().get(0);
        assertThat(call).containsEntry("type", "call").containsEntry("dialect", "markdown");
    }

    // --- round two: every dialect, auto, schemas, ids, blocks ----------------------------------

    static List<String> formatNames() {
        return ParseFormat.names();
    }

    @ParameterizedTest
    @MethodSource("formatNames")
    void everyFormatNameIsTakenAndShown(String name) throws IOException {
        Cli.Run run = parse("```shell\nls\n```", "--format", name);
        assertThat(run.exitCode()).isZero();
        assertThat(run.json()).containsEntry("format", name);
    }

    @Test
    void theFormatNamesAreTheDialectNamesOfDialectsMd() {
        assertThat(ParseFormat.names()).containsExactly("auto", "markdown", "xml", "tool", "hermes", "qwen3-coder", "glm",
                "mistral", "llama3", "pythonic", "deepseek", "kimi", "harmony", "cohere", "internlm", "phi4-mini",
                "apertus", "functionary", "seed-oss", "step3", "lfm2", "gemma4", "functiongemma", "react", "cline");
    }

    private static final String LOCAL_MODEL = "I'll check the weather.\n<tool_call>\n{\"name\": \"get_weather\", "
            + "\"arguments\": {\"city\": \"Paris\", \"days\": 3}}\n</tool_call>";

    @Test
    void autoReadsALocalModelsToolCall() throws IOException {
        Cli.Run run = parse(LOCAL_MODEL, "--format", "auto", "--tools", "get_weather");
        assertThat(run.json()).containsEntry("format", "auto");
        Map<String, Object> call = run.segments().get(1);
        assertThat(call).containsEntry("type", "call").containsEntry("dialect", "hermes").containsEntry("tool", "get_weather")
                .containsEntry("kwargs", Map.of("city", "Paris", "days", 3));
        assertThat((String) call.get("call_id")).startsWith("call_");
    }

    @Test
    void everyFormatRunsAnUnambiguousCallOfAnotherDialect() throws IOException {
        for (String format : List.of("markdown", "xml", "tool", "qwen3-coder", "kimi")) {
            Map<String, Object> call = parse(LOCAL_MODEL, "--format", format, "--tools", "get_weather").segments().get(1);
            assertThat(call).as(format).containsEntry("type", "call").containsEntry("dialect", "hermes");
        }
    }

    @Test
    void bareLlamaJsonRunsInAutoAndLlama3AndIsReportedElsewhere() throws IOException {
        String message = "{\"name\": \"get_weather\", \"parameters\": {\"city\": \"Rome\"}}";
        for (String format : List.of("auto", "llama3")) {
            assertThat(parse(message, "--format", format, "--tools", "get_weather").segments().get(0))
                    .as(format).containsEntry("type", "call").containsEntry("dialect", "llama3");
        }
        Map<String, Object> reported = parse(message, "--format", "markdown", "--tools", "get_weather").segments().get(0);
        assertThat(reported).containsEntry("type", "unparsed").containsEntry("dialect", "llama3");
        assertThat((String) reported.get("problem")).contains("only in the llama3 format");
    }

    @Test
    void callIdIsTheOneTheTextCarriedElseTheSameGeneratedOneEveryTime() throws IOException {
        String message = "@shell(functions.shell:0): {\"command\": \"ls\"}\n@shell: {\"command\": \"pwd\"}\n";
        List<Map<String, Object>> first = parse(message, "--format", "tool").segments();
        List<Map<String, Object>> calls = first.stream().filter(s -> s.get("type").equals("call")).toList();
        assertThat(calls.get(0)).containsEntry("call_id", "functions.shell:0");
        assertThat((String) calls.get(1).get("call_id")).startsWith("call_");
        assertThat(parse(message, "--format", "tool", "--chunk", "3").segments()).isEqualTo(first);
    }

    @Test
    void proseListsItsCodeBlocksInCodePoints() throws IOException {
        List<Map<String, Object>> segments = parse("🎉 Output:\n```json\n{}\n```\nand\n```\nopen").segments();
        assertThat(segments).singleElement().satisfies(p -> assertThat(p.get("blocks")).isEqualTo(List.of(
                segment("info", "json", "fence", "```", "start", 10, "body_start", 18, "close_start", 21, "end", 25),
                segment("info", "", "fence", "```", "start", 29, "body_start", 33, "close_start", 37, "end", 37))));
    }

    private Path schemas(String json) throws IOException {
        return Files.writeString(dir.resolve("tools.json"), json, StandardCharsets.UTF_8);
    }

    private static final String WEATHER_SCHEMA = "[{\"type\": \"function\", \"function\": {\"name\": \"get_weather\","
            + " \"description\": \"Weather.\", \"parameters\": {\"type\": \"object\", \"properties\": {"
            + "\"city\": {\"type\": \"string\"}, \"days\": {\"type\": \"integer\"}, \"metric\": {\"type\": [\"boolean\", \"null\"]}},"
            + " \"required\": [\"city\"]}}}]";

    @Test
    void toolSchemasNameTheToolsAndTypeTheValues() throws IOException {
        String message = "<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n<parameter=days>\n3\n"
                + "</parameter>\n<parameter=metric>\ntrue\n</parameter>\n</function>\n</tool_call>\n```shell\nls\n```";
        List<Map<String, Object>> segments = parse(message, "--format", "auto", "--tool-schemas",
                schemas(WEATHER_SCHEMA).toString()).segments();
        assertThat(segments.get(0)).containsEntry("type", "call").containsEntry("dialect", "qwen3-coder")
                .containsEntry("kwargs", Map.of("city", "Paris", "days", 3, "metric", true));
        // Only the schemas' tools are loaded: shell is not one of them.
        assertThat(segments.get(1)).containsEntry("type", "prose");
    }

    @Test
    void toolSchemasJoinTheToolsListed() throws IOException {
        String message = "<tool_call>get_weather<arg_key>days</arg_key><arg_value>2</arg_value></tool_call>\n```shell\nls\n```";
        List<Map<String, Object>> segments = parse(message, "--tool-schemas", schemas(WEATHER_SCHEMA).toString(),
                "--tools", "shell").segments();
        assertThat(segments).extracting(s -> s.get("tool")).containsExactly("get_weather", null, "shell");
        assertThat(segments.get(0)).containsEntry("kwargs", Map.of("days", 2));
    }

    @Test
    void toolSchemasMayBeBareFunctionsOrAToolsObject() throws IOException {
        String message = "<tool_call>{\"name\": \"lookup\", \"arguments\": {}}</tool_call>";
        for (String json : List.of("[{\"name\": \"lookup\"}]", "{\"tools\": [{\"type\": \"function\", \"function\": {\"name\": \"lookup\"}}]}",
                "{\"name\": \"lookup\", \"parameters\": {}}")) {
            assertThat(parse(message, "--tool-schemas", schemas(json).toString()).segments().get(0)).as(json)
                    .containsEntry("type", "call").containsEntry("tool", "lookup");
        }
    }

    @Test
    void toolSchemasThatCannotBeReadAreBadUsageInOneLine() throws IOException {
        Cli.Run missing = parse("hi", "--tool-schemas", dir.resolve("nope.json").toString());
        assertThat(missing.exitCode()).isEqualTo(2);
        assertThat(missing.err()).startsWith("rosetta parse: cannot read --tool-schemas '").contains("no such file").hasLineCount(1);
        Cli.Run broken = parse("hi", "--tool-schemas", schemas("[{\"name\": ").toString());
        assertThat(broken.exitCode()).isEqualTo(2);
        assertThat(broken.err()).startsWith("rosetta parse: --tool-schemas '").contains("is not JSON").hasLineCount(1);
        Cli.Run nameless = parse("hi", "--tool-schemas", schemas("[{\"type\": \"function\", \"function\": {}}]").toString());
        assertThat(nameless.err()).startsWith("rosetta parse: --tool-schemas '").contains("entry 1 is not a function with a name").hasLineCount(1);
        Cli.Run twice = parse("hi", "--tool-schemas", schemas("[{\"name\": \"a\"}, {\"name\": \"a\"}]").toString());
        assertThat(twice.err()).contains("declares the tool 'a' twice").hasLineCount(1);
    }
}
