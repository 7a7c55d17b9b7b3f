package dev.rosetta.agent.context;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.rosetta.tools.output.OutputFolder;
import dev.rosetta.tools.output.OutputLimit;
import dev.rosetta.tools.output.OwnerOnly;

/**
 * Cuts an old tool result to its head and tail, where commands print what they were and how they
 * ended, with a line saying where the whole output is: the file the tool saved it to when it cut
 * the output itself, else a file written now. The model can read it there if it needs it again.
 * The cut is the tools' own ({@link OutputLimit}), only tighter.
 *
 * @param limit  how much is kept
 * @param folder where whole outputs are saved, and how much they may still take
 */
public record ResultShrinker(OutputLimit limit, OutputFolder folder) {

    /** About 150 tokens each way: the command's first lines and how it ended. */
    public static final OutputLimit OLD_RESULTS = new OutputLimit(2_400, 600, 600);

    /** The line a tool writes when it cut an output and saved it whole. */
    private static final Pattern SAVED = Pattern.compile("the whole output is in (\\S+) …\\]");

    public static ResultShrinker in(OutputFolder folder) {
        return new ResultShrinker(OLD_RESULTS, folder);
    }

    /** Whether {@code text} is long enough to be cut. */
    public boolean worthShrinking(String text) {
        return text.length() > limit.maxChars();
    }

    /** The text cut to its head and tail, or unchanged when it is short enough. */
    public String shrink(String text) {
        return limit.cut(text, () -> where(text));
    }

    private String where(String text) {
        Matcher saved = SAVED.matcher(text);
        if (saved.find() && isFile(saved.group(1))) {
            return "the whole output is in " + saved.group(1);
        }
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        long granted = folder.take(bytes.length);
        if (granted < bytes.length) {
            folder.giveBack(granted);
            return "the whole output was not saved: " + folder.full();
        }
        try {
            OwnerOnly.folders(folder.path());
            Path file = Files.createTempFile(folder.path(), "compacted-", ".txt");
            Files.write(file, bytes);
            return "the whole output is in " + file;
        } catch (IOException e) {
            folder.giveBack(granted);
            return "the whole output could not be saved (" + e.getClass().getSimpleName() + ")";
        }
    }

    private static boolean isFile(String path) {
        try {
            return Files.isRegularFile(Path.of(path));
        } catch (InvalidPathException e) {
            return false;
        }
    }
}
