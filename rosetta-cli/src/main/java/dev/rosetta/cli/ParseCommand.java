package dev.rosetta.cli;

import java.io.IOException;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.Callable;

import dev.rosetta.cli.option.OffsetUnit;
import dev.rosetta.cli.option.OptionConverters;
import dev.rosetta.cli.option.ParseFormat;
import dev.rosetta.core.tool.BuiltinTools;
import dev.rosetta.core.tool.ToolSpec;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code rosetta parse}: reads one assistant message and prints its segments as JSON, exactly
 * as the agent's splitter sees them. This is how other programs use Rosetta's reader, and how
 * a user checks what a message would have run.
 */
@Command(name = "parse",
        sortOptions = false,
        parameterListHeading = "%n",
        description = {
            "Prints the prose, thinking and tool calls of one assistant message as JSON.",
            "",
            "Reads one assistant message from FILE (or stdin) and prints one JSON object on one"
                + " line: the message split into prose, thinking, tool calls, and text that looked"
                + " like a call but is not one (unparsed, with the problem the model would be told"
                + " about). The agent reads messages with the same splitter."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:the message was read and printed",
            "1:an unexpected failure",
            "2:bad usage, or FILE cannot be read"},
        footerHeading = "%nOutput:%n",
        footer = {
            "  {\"format\": F, \"segments\": [S, ...]} where each S is one of",
            "    {\"type\": \"prose\", \"text\", \"blocks\", \"start\", \"end\"}",
            "    {\"type\": \"thinking\", \"text\", \"start\", \"end\"}",
            "    {\"type\": \"call\", \"dialect\", \"tool\", \"args\", \"content\", \"kwargs\",",
            "              \"call_id\", \"start\", \"end\"}",
            "    {\"type\": \"unparsed\", \"dialect\", \"problem\", \"raw\", \"start\", \"end\"}",
            "  content is the block's body as written, without the line break before the",
            "  closing fence, or null when the call has none; args are the words after the",
            "  tool's tag (```save x.py gives [\"x.py\"]); kwargs are named arguments ({} when",
            "  none); dialect is the spelling the call was written in; call_id is the id the text",
            "  carried, else one derived from the call (the same every time the message is read).",
            "  blocks are the fenced code blocks in prose: {\"info\", \"fence\", \"start\",",
            "  \"body_start\", \"close_start\", \"end\"} (close_start = end when never closed).",
            "",
            "  start and end are offsets in Unicode code points, the characters Python counts",
            "  (an emoji is one), not UTF-16 units or bytes: in Python, message[start:end] is",
            "  the text the segment was read from. Bytes that are not UTF-8 are decoded as",
            "  Java decodes them: each malformed sequence becomes one U+FFFD, where Python may",
            "  make several (ED A0 80 is one to Java, three to Python), so for such input use",
            "  --offsets bytes: UTF-8 byte offsets into the input as given, the same to every",
            "  reader (in Python, data[start:end] of the bytes read).",
        })
final class ParseCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "markdown",
            converter = OptionConverters.ParseFormatValue.class, completionCandidates = FormatNames.class,
            description = "The tool format the model was asked to write: ${COMPLETION-CANDIDATES}"
                    + " (default: ${DEFAULT-VALUE}). Every format reads every dialect; the format decides only"
                    + " what is reported as drift rather than run (bare llama3 JSON and pythonic lists outside their"
                    + " own format) and that a fenced block is a call only in markdown. auto asks for none: every dialect runs. A dialect"
                    + " of --dialects is a format too.")
    private ParseFormat format;

    @Option(names = "--tools", paramLabel = "TOOL", parameterConsumer = OptionConverters.ToolItems.class,
            completionCandidates = BuiltinNames.class,
            description = "The tools the message may call, as a chat's -t takes them: a list (shell,save), or"
                    + " changes to the default (-ipython,-jshell). The built-in tools are ${COMPLETION-CANDIDATES};"
                    + " any other name declares a tool known only by name.")
    private List<String> tools;

    @Option(names = "--tool-schemas", paramLabel = "FILE",
            description = "The tools as an OpenAI-style tools array ([{\"type\": \"function\", \"function\":"
                    + " {\"name\", \"description\", \"parameters\"}}]): their names become the tools (beside"
                    + " those --tools names), and their parameter types type the values dialects carry as text.")
    private String toolSchemas;

    @Option(names = "--dialects", paramLabel = "FILE",
            description = "A TOML file of [[dialects]] tables, each a spelling of tool calls described as data"
                    + " (docs/DIALECTS.md, \"Describing a dialect\"): they are read beside the built-in dialects,"
                    + " and --format NAME reads the message as a conversation that asked for the one named NAME.")
    private String dialects;

    @Option(names = "--chunk", paramLabel = "N", converter = OptionConverters.AtLeastOne.class,
            description = "Feed the streaming reader N characters (UTF-16 units) at a time, cutting wherever"
                    + " that falls, and print what streaming produced (it must equal the whole-message result).")
    private Integer chunk;

    @Option(names = "--offsets", paramLabel = "UNIT", defaultValue = "code-points",
            converter = OptionConverters.OffsetUnitValue.class, completionCandidates = OffsetUnits.class,
            description = "What start and end count: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}; see Output).")
    private OffsetUnit offsets;

    @Option(names = "--pretty", description = "Indent the JSON.")
    private boolean pretty;

    @Parameters(index = "0", arity = "0..1", paramLabel = "FILE",
            description = "The message, read as UTF-8 (malformed bytes become U+FFFD). Missing or - reads stdin.")
    private String file;

    @Override
    public Integer call() throws IOException {
        // System.in as it is now: a test or an embedding program may have redirected it.
        return new ParseRun(format, tools, toolSchemas, dialects, chunk, pretty, file, offsets).run(System.in, Main.output(spec));
    }

    /** The built-in tools' names, for the help text and shell completion. */
    static final class BuiltinNames implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return BuiltinTools.ALL.stream().map(ToolSpec::name).iterator();
        }
    }

    /** The offset units, for the help text and shell completion. */
    static final class OffsetUnits implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return Arrays.stream(OffsetUnit.values()).map(OffsetUnit::id).iterator();
        }
    }

    /** The format names, auto first, for the help text and shell completion. */
    static final class FormatNames implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return ParseFormat.names().iterator();
        }
    }
}
