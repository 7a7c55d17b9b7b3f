package dev.rosetta.cli;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import dev.rosetta.cli.option.OffsetUnit;
import dev.rosetta.cli.terminal.MessageInput;
import dev.rosetta.cli.option.ParseFormat;
import dev.rosetta.agent.config.DialectTable;
import dev.rosetta.agent.config.ToolSelection;
import dev.rosetta.cli.render.TerminalOutput;
import dev.rosetta.core.RosettaException;
import dev.rosetta.core.split.Reader;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.StreamSplitter;
import dev.rosetta.core.tool.BuiltinTools;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolSpec;

/**
 * One {@code rosetta parse}, whether picocli or the fast path read its options.
 *
 * @param format      what the message is read as: a tool format's conversation, or auto
 * @param tools       the items of {@code --tools} ({@link ToolSelection}), or null for the default tools
 * @param toolSchemas the {@code --tool-schemas} file, or null
 * @param dialects    the {@code --dialects} file of {@code [[dialects]]} descriptions, or null
 * @param chunk       characters per streamed delta (at least 1), or null to read the message whole
 * @param pretty      indent the JSON
 * @param file        the message's file, or null / "-" for stdin
 * @param unit        what the offsets count
 */
record ParseRun(ParseFormat format, List<String> tools, String toolSchemas, String dialects, Integer chunk,
        boolean pretty, String file, OffsetUnit unit) {

    static final String NAME = "rosetta parse";
    private static final int BAD_USAGE = 2;
    /** Large writes go to stdout in few system calls. */
    private static final int OUTPUT_BUFFER = 1 << 16;

    int run(InputStream stdin, TerminalOutput output) throws IOException {
        ToolCatalog catalog;
        List<Reader> readers;
        byte[] input;
        try {
            catalog = catalog(tools, toolSchemas == null ? null : ToolSchemas.read(toolSchemas));
            readers = format.readers(catalog, dialects == null ? List.of() : DialectTable.readFile(Path.of(dialects)));
            input = MessageInput.read(file, stdin);
        } catch (InvalidPathException e) {
            return badUsage(output, "--dialects '" + dialects + "' is not a valid path");
        } catch (RosettaException | MessageInput.UnreadableException e) {
            return badUsage(output, e.getMessage());
        }
        // Malformed bytes become U+FFFD, one per malformed sequence the decoder reports: a
        // model's message with one bad byte is still worth reading.
        String message;
        Offsets offsets;
        if (unit == OffsetUnit.BYTES) {
            Utf8Input decoded = Utf8Input.decode(input);
            message = decoded.text();
            offsets = decoded;
        } else {
            message = new String(input, StandardCharsets.UTF_8);
            offsets = new CodePointOffsets(message);
        }
        List<Segment> segments = chunk == null
                ? StreamSplitter.split(message, readers)
                : splitInChunks(message, chunk, readers);
        OutputStream out = new BufferedOutputStream(output.out().stream(), OUTPUT_BUFFER);
        new SegmentJsonWriter(out, pretty).write(format.id(), segments, offsets);
        if (output.out().failed()) {
            // PrintStream swallows write errors (a closed pipe, a full disk); say so.
            output.problem(NAME + ": cannot write to stdout");
            return UnexpectedErrors.EXIT_CODE;
        }
        return 0;
    }

    /** Streams the message the way a provider would, {@code n} characters per delta. */
    static List<Segment> splitInChunks(String message, int n, List<Reader> readers) {
        StreamSplitter splitter = new StreamSplitter(readers);
        List<Segment> segments = new ArrayList<>();
        for (int from = 0; from < message.length(); from += n) {
            int to = (int) Math.min(message.length(), (long) from + n);
            StreamSplitter.collect(splitter.feed(message.substring(from, to)), segments);
        }
        StreamSplitter.collect(splitter.finish(), segments);
        return segments;
    }

    /**
     * The tools of {@code --tool-schemas} (null when not given), with those {@code --tools} names
     * beside them; without schemas, the tools {@code --tools} chooses ({@link #catalog(List)}).
     */
    static ToolCatalog catalog(List<String> tools, List<ToolSpec> schemas) {
        if (schemas == null) {
            return catalog(tools);
        }
        // A schema wins over a tool of its name: it is the declaration the message was written for.
        List<ToolSpec> specs = new ArrayList<>(schemas);
        if (tools != null) {
            for (ToolSpec t : catalog(tools).tools()) {
                if (schemas.stream().noneMatch(s -> s.name().equals(t.name()))) {
                    specs.add(t);
                }
            }
        }
        return ToolCatalog.of(specs);
    }

    /**
     * The tools {@code --tools} chooses, by the same rule as a chat's {@code -t}, except that a
     * name that is not built in declares a tool known only by name: a message from another agent
     * can be read with its own tools ({@code --tools get_weather}). Taking out a tool that is
     * not there ({@code -mytool}) is still an error.
     */
    static ToolCatalog catalog(List<String> tools) {
        if (tools == null) {
            return BuiltinTools.catalog();
        }
        List<String> builtin = new ArrayList<>();
        for (ToolSpec tool : BuiltinTools.ALL) {
            builtin.add(tool.name());
        }
        List<String> known = new ArrayList<>(builtin);
        for (String item : tools) {
            String name = item.strip().startsWith("+") ? item.strip().substring(1).strip() : item.strip();
            if (!name.isEmpty() && !name.startsWith("-") && !known.contains(name)) {
                known.add(name);
            }
        }
        List<ToolSpec> specs = new ArrayList<>();
        for (String name : ToolSelection.choose(known, builtin, "", tools)) {
            specs.add(BuiltinTools.catalog().resolve(name).filter(t -> t.name().equals(name))
                    .orElseGet(() -> ToolSpec.named(name)));
        }
        return ToolCatalog.of(specs);
    }

    private static int badUsage(TerminalOutput output, String problem) {
        output.problem(NAME + ": " + problem);
        return BAD_USAGE;
    }
}
