package dev.rosetta.cli;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.Callable;

import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.StreamSplitter;
import dev.rosetta.core.tool.ToolCatalog;
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
            "    {\"type\": \"prose\", \"text\", \"start\", \"end\"}",
            "    {\"type\": \"thinking\", \"text\", \"start\", \"end\"}",
            "    {\"type\": \"call\", \"dialect\", \"tool\", \"args\", \"content\", \"kwargs\",",
            "              \"call_id\", \"start\", \"end\"}",
            "    {\"type\": \"unparsed\", \"dialect\", \"problem\", \"raw\", \"start\", \"end\"}",
            "  content is the block's body as written, without the line break before the",
            "  closing fence, or null when the call has none; args are the words after the",
            "  tool's tag (```save x.py gives [\"x.py\"]); kwargs are named arguments ({} when",
            "  none); call_id is null unless the call carries one.",
            "",
            "  start and end are offsets in Unicode code points, the characters Python counts",
            "  (an emoji is one), not UTF-16 units or bytes: in Python, message[start:end] is",
            "  the text the segment was read from.",
        })
final class ParseCommand implements Callable<Integer> {

    private static final int BAD_USAGE = 2;
    /** Large writes go to stdout in few system calls. */
    private static final int OUTPUT_BUFFER = 1 << 16;

    @Spec
    private CommandSpec spec;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "markdown",
            completionCandidates = FormatNames.class,
            description = "The tool format the model was asked to write: ${COMPLETION-CANDIDATES}"
                    + " (default: ${DEFAULT-VALUE}).")
    private String format;

    @Option(names = "--tools", paramLabel = "NAME", split = ",",
            completionCandidates = ToolSelection.BuiltinNames.class,
            description = "The tools the message may call (default: the built-in ones, ${COMPLETION-CANDIDATES})."
                    + " A name that is not built in is a tool anyway, known only by its name: ```NAME blocks call it.")
    private List<String> tools;

    @Option(names = "--chunk", paramLabel = "N",
            description = "Feed the streaming reader N characters (UTF-16 units) at a time, cutting wherever"
                    + " that falls, and print what streaming produced (it must equal the whole-message result).")
    private Integer chunk;

    @Option(names = "--pretty", description = "Indent the JSON.")
    private boolean pretty;

    @Parameters(index = "0", arity = "0..1", paramLabel = "FILE",
            description = "The message, read as UTF-8 (malformed bytes become U+FFFD). Missing or - reads stdin.")
    private String file;

    @Override
    public Integer call() throws IOException {
        ToolFormat toolFormat;
        try {
            toolFormat = ToolFormat.of(format);
        } catch (IllegalArgumentException e) {
            return badUsage(e.getMessage());
        }
        if (chunk != null && chunk < 1) {
            return badUsage("--chunk must be at least 1, not " + chunk);
        }
        String message;
        try {
            message = MessageInput.read(file, System.in);
        } catch (MessageInput.UnreadableException e) {
            return badUsage(e.getMessage());
        }
        ToolCatalog catalog = ToolSelection.catalog(tools);
        List<Segment> segments = chunk == null
                ? StreamSplitter.split(message, toolFormat, catalog)
                : splitInChunks(message, chunk, toolFormat, catalog);
        return print(toolFormat, segments, message);
    }

    /** Streams the message the way a provider would, {@code n} characters per delta. */
    static List<Segment> splitInChunks(String message, int n, ToolFormat format, ToolCatalog catalog) {
        StreamSplitter splitter = new StreamSplitter(format, catalog);
        List<Segment> segments = new ArrayList<>();
        for (int from = 0; from < message.length(); from += n) {
            int to = (int) Math.min(message.length(), (long) from + n);
            StreamSplitter.collect(splitter.feed(message.substring(from, to)), segments);
        }
        StreamSplitter.collect(splitter.finish(), segments);
        return segments;
    }

    private int print(ToolFormat toolFormat, List<Segment> segments, String message) throws IOException {
        // System.out as it is now: a test or an embedding program may have redirected it.
        PrintStream stdout = System.out;
        OutputStream out = new BufferedOutputStream(stdout, OUTPUT_BUFFER);
        new SegmentJsonWriter(out, pretty).write(toolFormat, segments, message);
        if (stdout.checkError()) {
            // PrintStream swallows write errors (a closed pipe, a full disk); say so.
            spec.commandLine().getErr().println(spec.qualifiedName() + ": cannot write to stdout");
            return UnexpectedErrors.EXIT_CODE;
        }
        return 0;
    }

    private int badUsage(String problem) {
        spec.commandLine().getErr().println(spec.qualifiedName() + ": " + problem);
        spec.commandLine().getErr().flush();
        return BAD_USAGE;
    }

    /** The format names, for the help text and shell completion. */
    static final class FormatNames implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return Arrays.stream(ToolFormat.values()).map(ToolFormat::id).iterator();
        }
    }
}
