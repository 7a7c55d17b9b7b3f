package dev.rosetta.agent.log;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

import dev.rosetta.agent.config.ChatConfig;
import dev.rosetta.core.RosettaException;
import dev.rosetta.core.message.Message;
import dev.rosetta.core.message.Role;

/**
 * The conversations in a log folder: listed for {@code rosetta logs} without parsing whole logs
 * (messages are counted by how their lines start; only undo lines, the last line and the lines
 * up to the first user message are read as JSON),
 * the latest one for {@code --resume}, and renaming one that is not open.
 */
public final class Conversations {

    /** The first user message is looked for among this many lines at most. */
    private static final int PREVIEW_LINES = 50;
    private static final int PREVIEW_CHARS = 80;

    private Conversations() {}

    /** Every conversation in {@code logs}, newest first; a damaged one is listed with what could be read. */
    public static List<ConversationSummary> list(Path logs) {
        List<ConversationSummary> all = new ArrayList<>();
        for (Path folder : folders(logs)) {
            summary(folder).ifPresent(all::add);
        }
        all.sort(Comparator.comparing(ConversationSummary::lastModified).reversed()
                .thenComparing(ConversationSummary::id));
        return all;
    }

    /** The id of the conversation written to last, if there is one. */
    public static Optional<String> latest(Path logs) {
        String best = null;
        Instant newest = Instant.MIN;
        for (Path folder : folders(logs)) {
            Optional<Instant> modified = modified(folder.resolve(ConversationLog.FILE));
            if (modified.isPresent() && modified.get().isAfter(newest)) {
                newest = modified.get();
                best = folder.getFileName().toString();
            }
        }
        return Optional.ofNullable(best);
    }

    /** Renames a conversation that is not open (in this or another process); the lock says which. */
    public static void rename(Path logs, String id, String newName) {
        ConversationId from = ConversationId.named(id);
        ConversationId to = ConversationId.named(newName);
        Path folder = logs.resolve(from.value());
        if (!Files.isDirectory(folder)) {
            throw new NoSuchConversation(id, logs);
        }
        ConversationLock lock = ConversationLock.acquire(folder, from.value());
        try {
            move(logs, from, to);
            Path config = logs.resolve(to.value()).resolve(ConversationLog.CONFIG);
            ChatConfig.read(config).ifPresent(c -> c.withName(to.value()).write(config));
        } finally {
            lock.close();
        }
    }

    /** Moves a conversation's folder; the caller holds its lock. */
    static void move(Path logs, ConversationId from, ConversationId to) {
        if (from.equals(to)) {
            return;
        }
        Path target = logs.resolve(to.value());
        try {
            // No ATOMIC_MOVE: on Linux it would replace an empty folder of that name instead of failing.
            Files.move(logs.resolve(from.value()), target);
        } catch (FileAlreadyExistsException e) {
            throw new RosettaException("a conversation named '" + to + "' exists already; choose another name");
        } catch (IOException e) {
            throw new RosettaException("could not rename conversation " + from + " to " + to + ": " + e.getMessage(), e);
        }
    }

    private static List<Path> folders(Path logs) {
        LogDirectory.requireFolderOrNothing(logs);
        List<Path> folders = new ArrayList<>();
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(logs, Files::isDirectory)) {
            stream.forEach(folders::add);
        } catch (NoSuchFileException e) {
            return List.of();
        } catch (IOException e) {
            throw new RosettaException("could not list the conversations in " + logs + ": " + e.getMessage(), e);
        }
        return folders;
    }

    private static Optional<ConversationSummary> summary(Path folder) {
        Path file = folder.resolve(ConversationLog.FILE);
        Optional<Instant> modified = modified(file);
        if (modified.isEmpty()) {
            return Optional.empty();
        }
        String id = folder.getFileName().toString();
        return Optional.of(new ConversationSummary(id, name(folder), modified.get(), count(file), preview(file)));
    }

    private static Optional<Instant> modified(Path file) {
        try {
            return Optional.of(Files.getLastModifiedTime(file).toInstant());
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** The config's name; a config that cannot be read just leaves it out of the listing. */
    private static String name(Path folder) {
        try {
            return ChatConfig.read(folder.resolve(ConversationLog.CONFIG)).map(ChatConfig::name).orElse(null);
        } catch (RosettaException e) {
            return null;
        }
    }

    /** How much of a log's end is read for its last message: a message longer than this shows none. */
    private static final int TAIL_BYTES = 256 * 1024;

    /**
     * The last message of the user or the assistant that has text, on one line and cut to a preview's
     * length, as {@code role: text}; "" when the log's end holds none (or cannot be read). A message an
     * undo took back is not the last. Only the end of the log is read.
     */
    public static String lastMessage(Path logs, String id) {
        Path file = logs.resolve(ConversationId.named(id).value()).resolve(ConversationLog.FILE);
        try (var channel = java.nio.channels.FileChannel.open(file, java.nio.file.StandardOpenOption.READ)) {
            long size = channel.size();
            long from = Math.max(0, size - TAIL_BYTES);
            java.nio.ByteBuffer buffer = java.nio.ByteBuffer.allocate((int) (size - from));
            while (buffer.hasRemaining() && channel.read(buffer, from + buffer.position()) > 0) {
                // read to the end
            }
            byte[] bytes = buffer.array();
            int end = bytes.length;
            int undone = 0; // messages an undo line further on took back, still to pass over
            for (int start = end - 1; start >= -1 && end > 0; start--) {
                if (start >= 0 && bytes[start] != '\n') {
                    continue;
                }
                if (start >= 0 || from == 0) { // a line cut at the window's start is not read
                    LogLine line = line(bytes, start + 1, end);
                    if (line instanceof LogLine.Undo u) {
                        undone += u.count();
                    } else if (line instanceof LogLine.Entry e) {
                        if (undone > 0) {
                            undone--;
                        } else if (shownMessage(e) instanceof String shown) {
                            return shown;
                        }
                    }
                }
                end = start;
            }
        } catch (IOException | RuntimeException e) {
            return "";
        }
        return "";
    }

    /** The line between {@code start} and {@code end}; null when empty or damaged (look further back). */
    private static LogLine line(byte[] bytes, int start, int end) {
        try {
            return end > start ? LogLineReader.read(bytes, start, end - start) : null;
        } catch (LogLineReader.InvalidLine ignored) {
            return null;
        }
    }

    /** The message as the list shows it; null for a system message or one without text. */
    private static String shownMessage(LogLine.Entry e) {
        Message m = e.message().message();
        if (m.role() == Role.SYSTEM || m.content().isBlank()) {
            return null;
        }
        return m.role().name().toLowerCase(java.util.Locale.ROOT) + ": " + oneLine(m.content());
    }

    /** Visible messages, counted by the rules that load the log ({@link LogFileReader#count}). */
    static int count(Path file) {
        return LogFileReader.count(file);
    }

    /** The first user message among the first lines, on one line, cut to a preview's length. */
    private static String preview(Path file) {
        try (var reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            for (int i = 0; i < PREVIEW_LINES; i++) {
                String line = reader.readLine();
                if (line == null) {
                    break;
                }
                byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
                try {
                    if (LogLineReader.read(bytes, 0, bytes.length) instanceof LogLine.Entry e
                            && e.message().message().role() == Role.USER) {
                        return oneLine(e.message().message().content());
                    }
                } catch (LogLineReader.InvalidLine ignored) {
                    // A damaged line says nothing useful for a preview.
                }
            }
        } catch (IOException | RuntimeException e) {
            return "";
        }
        return "";
    }

    static String oneLine(String text) {
        String flat = text.strip().replaceAll("\\s+", " ");
        StringBuilder out = new StringBuilder();
        flat.codePoints().limit(PREVIEW_CHARS).forEach(c -> out.appendCodePoint(Character.isISOControl(c) ? ' ' : c));
        return flat.codePointCount(0, flat.length()) > PREVIEW_CHARS ? out + "…" : out.toString();
    }
}
