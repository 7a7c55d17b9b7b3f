package dev.rosetta.tools.files;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Optional;

import dev.rosetta.core.size.ByteSize;
import dev.rosetta.core.tool.Arguments;
import dev.rosetta.core.tool.BuiltinTools;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.core.tool.ToolSpec;
import dev.rosetta.tools.Preview;
import dev.rosetta.tools.Tool;
import dev.rosetta.tools.ToolContext;
import dev.rosetta.tools.ToolFailure;

/**
 * {@code read}: a file's lines numbered as {@code 12<TAB>text} (numbers right-aligned to the
 * widest one shown), optionally a range of them; a folder's entries; a binary file described,
 * never dumped. A file longer than the output limit is shown up to the limit, with the range to
 * read next. The file is streamed, so a huge one costs no more memory than what is shown.
 */
public final class ReadTool implements Tool {

    @Override
    public ToolSpec spec() {
        return BuiltinTools.READ;
    }

    @Override
    public Preview preview(Arguments args, ToolContext context) throws ToolFailure {
        Workspace workspace = Workspace.of(context);
        Path path = workspace.resolve(args.require("path"));
        Optional<LineRange> range = range(args);
        return new Preview.Note("read " + workspace.show(path) + range.map(r -> ", lines " + r).orElse(""));
    }

    @Override
    public ToolResult run(Arguments args, ToolContext context) throws ToolFailure {
        Workspace workspace = Workspace.of(context);
        Path path = workspace.resolve(args.require("path"));
        LineRange range = range(args).orElse(LineRange.ALL);
        String shown = workspace.show(path);
        try {
            BasicFileAttributes attributes = Files.readAttributes(path, BasicFileAttributes.class);
            if (attributes.isDirectory()) {
                return ToolResult.ok(FolderListing.of(path, shown));
            }
            FileKind.refuseSpecial(attributes, shown, "read");
            return ToolResult.ok(readFile(workspace, path, shown, attributes.size(), range, context.outputLimit().maxChars()));
        } catch (IOException e) {
            throw FileErrors.classify(e, path, workspace, "read");
        }
    }

    private static Optional<LineRange> range(Arguments args) throws ToolFailure {
        Optional<String> text = args.string("lines").filter(s -> !s.isBlank());
        return text.isEmpty() ? Optional.empty() : Optional.of(LineRange.parse(text.get()));
    }

    private static String readFile(Workspace workspace, Path path, String shown, long size, LineRange range, int budget)
            throws IOException, ToolFailure {
        byte[] sample = new byte[ContentSniffer.SAMPLE];
        int sampled;
        try (InputStream in = workspace.openRead(path)) {
            sampled = in.readNBytes(sample, 0, sample.length);
        }
        if (sampled == 0) { // not the size on the disk: an editor's unsaved buffer may hold text
            return shown + " is empty (0 bytes)";
        }
        if (ContentSniffer.isBinary(sample, sampled)) {
            return shown + " is a binary file (" + ContentSniffer.describe(sample, sampled, path) + ", "
                    + ByteSize.of(size) + "), so it is not shown. Inspect it with the shell tool (file, xxd, unzip -l…)"
                    + " or with ipython.";
        }
        try (Utf8LineReader lines = new Utf8LineReader(workspace.openRead(path))) {
            return NumberedText.of(lines, shown, range, budget);
        }
    }
}
