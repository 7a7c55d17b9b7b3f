package dev.rosetta.agent.log;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.random.RandomGenerator;

import dev.rosetta.agent.config.ChatConfig;
import dev.rosetta.core.RosettaException;
import dev.rosetta.tools.output.OwnerOnly;
import tools.jackson.core.JacksonException;

/**
 * One conversation's log, open for writing: {@code <logs>/<id>/conversation.jsonl}, one JSON
 * message a line, appended and synced to disk per message, so a crash loses at most the message
 * being written. While it is open the conversation is locked against other Rosetta processes.
 * Undo is a line of its own ({@code {"undo": n}}), and so are compactions and file checkpoints:
 * nothing written is ever rewritten. The logs
 * hold file contents and command output, so the log folder, each conversation's folder and
 * everything in it are the owner's alone (0700, 0600), created so and tightened on opening.
 */
public final class ConversationLog implements AutoCloseable {

    public static final String FILE = "conversation.jsonl";
    public static final String CONFIG = "config.toml";
    /** Where the bytes of a cut-off last line are kept when the log is reopened. */
    public static final String TORN = "conversation.torn";
    /** The folder beside the log where the bytes of files before a tool wrote them are kept. */
    public static final String CHECKPOINTS = "checkpoints";

    private final Path logs;
    private final ConversationLock lock;
    /**
     * Not a FileChannel: an interrupt (Ctrl-C stops a turn by interrupting its thread) closes a
     * FileChannel in the middle of a write, and the message that was being saved would be lost.
     */
    private final RandomAccessFile channel;
    private final LogState state;
    private final List<String> warnings;
    private ConversationId id;
    private boolean closed;

    private ConversationLog(Path logs, ConversationId id, ConversationLock lock, RandomAccessFile channel,
            LogState state, List<String> warnings) {
        this.logs = logs;
        this.id = id;
        this.lock = lock;
        this.channel = channel;
        this.state = state;
        this.warnings = List.copyOf(warnings);
    }

    /**
     * Starts a new conversation in {@code logs}: named {@code name}, or with a generated id of
     * today's date when {@code name} is null. A name that is taken is an error; a generated id
     * never reuses a folder.
     */
    public static ConversationLog create(Path logs, String name) {
        return create(logs, name, LocalDate.now(), RandomGenerator.getDefault());
    }

    static ConversationLog create(Path logs, String name, LocalDate today, RandomGenerator random) {
        ConversationId id = name != null ? ConversationId.named(name) : null;
        LogDirectory.requireFolderOrNothing(logs);
        try {
            OwnerOnly.folders(logs);
            id = id != null ? ConversationFolders.reserve(logs, id)
                    : ConversationFolders.reserveRandom(logs, today, random);
        } catch (IOException e) {
            throw new RosettaException("could not create a conversation in " + logs + ": " + e.getMessage(), e);
        }
        return openFolder(logs, id);
    }

    /** Opens an existing conversation to continue it: locked, its torn last line (if any) repaired. */
    public static ConversationLog open(Path logs, String id) {
        ConversationId conversation = ConversationId.named(id);
        Path file = logs.resolve(conversation.value()).resolve(FILE);
        if (!Files.exists(file) || Files.isDirectory(file)) {
            throw new NoSuchConversation(id, logs);
        }
        return openFolder(logs, conversation);
    }

    private static ConversationLog openFolder(Path logs, ConversationId id) {
        Path folder = logs.resolve(id.value());
        ConversationLock lock = ConversationLock.acquire(folder, id.value());
        try {
            // What an older Rosetta left readable to others is the owner's alone from now on.
            OwnerOnly.tighten(logs);
            OwnerOnly.tightenTree(folder);
            Path file = folder.resolve(FILE);
            LogContents contents = LogFileReader.read(file);
            TornLineRepair.repair(folder, contents);
            if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS)) {
                OwnerOnly.newFile(file); // RandomAccessFile would create it readable to all
            }
            RandomAccessFile channel = new RandomAccessFile(file.toFile(), "rw");
            return new ConversationLog(logs, id, lock, channel, new LogState(contents), contents.warnings());
        } catch (IOException | RuntimeException e) {
            lock.close();
            if (e instanceof RuntimeException r) {
                throw r;
            }
            throw new RosettaException("could not open the log of conversation " + id + ": " + e.getMessage(), e);
        }
    }

    public synchronized String id() {
        return id.value();
    }

    /** The conversation's folder (it moves on {@link #rename}). */
    public synchronized Path folder() {
        return logs.resolve(id.value());
    }

    /** The chat's {@code config.toml}, beside the log. */
    public synchronized Path configFile() {
        return folder().resolve(CONFIG);
    }

    /** Where the bytes of checkpointed files are kept (it moves with the folder). */
    public synchronized Path checkpointFolder() {
        return folder().resolve(CHECKPOINTS);
    }

    /** How many messages are visible. */
    public synchronized int size() {
        return state.messages().size();
    }

    /** The visible messages: what was read, plus what was appended, less what was undone. */
    public synchronized List<LoggedMessage> messages() {
        return List.copyOf(state.messages());
    }

    /** The compactions in force, oldest first: how the next requests send the visible messages. */
    public synchronized List<Compaction> compactions() {
        return List.copyOf(state.compactions());
    }

    /** The file checkpoints in force, oldest first: what {@code /undo} can put back. */
    public synchronized List<FileCheckpoint> checkpoints() {
        return List.copyOf(state.checkpoints());
    }

    /** What reading the log found that the user should know (a skipped torn line); not printed here. */
    public List<String> warnings() {
        return warnings;
    }

    /**
     * Appends {@code message} and syncs it to disk, then adds it to the visible messages: a message
     * that could not be written is not in the conversation.
     *
     * @throws LogWriteException when the disk refused it
     */
    public synchronized void append(LoggedMessage message) {
        write(new LogLine.Entry(message));
        state.apply(new LogLine.Entry(message));
    }

    /**
     * Appends a compaction, once it is on disk in force for the next requests.
     *
     * @throws IllegalArgumentException when it speaks of more messages than there are
     * @throws LogWriteException        when the disk refused it
     */
    public synchronized void append(Compaction compaction) {
        if (compaction.at() > state.messages().size()) {
            throw new IllegalArgumentException("a compaction over " + compaction.at() + " messages, of "
                    + state.messages().size());
        }
        write(new LogLine.Compacted(compaction));
        state.apply(new LogLine.Compacted(compaction));
    }

    /**
     * Appends a file checkpoint.
     *
     * @throws LogWriteException when the disk refused it
     */
    public synchronized void append(FileCheckpoint checkpoint) {
        write(new LogLine.Checkpoint(checkpoint));
        state.apply(new LogLine.Checkpoint(checkpoint));
    }

    /**
     * Hides the last {@code n} messages (fewer if there are fewer), once the undo line is on disk,
     * and with them the compactions and checkpoints made after the messages that remain; returns
     * the messages hidden, oldest first.
     */
    public synchronized List<LoggedMessage> undo(int n) {
        if (n < 0) {
            throw new IllegalArgumentException("cannot undo " + n + " messages");
        }
        int count = Math.min(n, state.messages().size());
        if (count == 0) {
            return List.of();
        }
        write(new LogLine.Undo(count));
        return state.undo(count);
    }

    /**
     * Copies the visible messages, and the chat config renamed, into a new conversation named
     * {@code name} (a generated id when null). This one stays open; returns the new id. The copy
     * starts without compactions and checkpoints: its first request sends every message, and its
     * undo takes back messages but no file changes made before the fork.
     */
    public synchronized String fork(String name) {
        try (ConversationLog copy = create(logs, name)) {
            copy.writeAll(state.messages());
            readConfig().ifPresent(config -> copy.writeConfig(config.withName(copy.id())));
            return copy.id();
        }
    }

    /**
     * Renames the conversation, which moves its folder. The log stays open: the open files follow
     * the folder (POSIX renames keep open descriptors valid).
     */
    public synchronized void rename(String name) {
        ConversationId target = ConversationId.named(name);
        Conversations.move(logs, id, target);
        id = target;
        readConfig().ifPresent(config -> writeConfig(config.withName(target.value())));
    }

    /** The chat config beside the log, if one was written; a broken one is a one-line error. */
    public Optional<ChatConfig> readConfig() {
        return ChatConfig.read(configFile());
    }

    /**
     * Replaces the chat config beside the log, atomically.
     *
     * @throws LogWriteException when the disk refused it (full, read-only): a failure, not bad usage
     */
    public void writeConfig(ChatConfig config) {
        try {
            config.write(configFile());
        } catch (RosettaException e) {
            throw new LogWriteException(e.getMessage(), e.getCause());
        }
    }

    /** Releases the lock; the log is complete on disk already. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            channel.close();
        } catch (IOException e) {
            // Every line was synced when written; closing has nothing left to save.
        } finally {
            lock.close();
        }
    }

    private void writeAll(List<LoggedMessage> all) {
        writeLines(out -> all.forEach(m -> LogLineWriter.write(new LogLine.Entry(m), out)));
        all.forEach(m -> state.apply(new LogLine.Entry(m)));
    }

    private void write(LogLine line) {
        writeLines(out -> LogLineWriter.write(line, out));
    }

    /**
     * Writes whole lines, straight from the messages into the file, and syncs them. If the write
     * fails halfway (a full disk), the partial line is cut off again, so the next append cannot
     * glue onto it.
     */
    private void writeLines(Consumer<OutputStream> lines) {
        if (closed) {
            throw new IllegalStateException("the log of conversation " + id + " is closed");
        }
        long before = -1;
        try {
            before = channel.length();
            channel.seek(before);
            OutputStream out = new BufferedOutputStream(fileEnd(), 1 << 16);
            lines.accept(out);
            out.flush();
            channel.getFD().sync();
        } catch (IOException | UncheckedIOException | JacksonException e) {
            undoPartialWrite(before);
            throw new LogWriteException("could not write to the log of conversation " + id + " (" + folder()
                    + "): " + ioMessage(e) + "; the last message is not saved", e);
        }
    }

    /**
     * The file from where it was sought to, as a stream, written by the file's own writes: a
     * thread that was interrupted (Ctrl-C) still saves its message, where an interruptible
     * channel would close the log.
     */
    private OutputStream fileEnd() {
        return new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                channel.write(b);
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                channel.write(b, off, len);
            }
        };
    }

    /** What the file system said: the message of the I/O error under a wrapper. */
    private static String ioMessage(Exception e) {
        Throwable t = e;
        while ((t instanceof UncheckedIOException || t instanceof JacksonException) && t.getCause() != null) {
            t = t.getCause();
        }
        return t.getMessage() != null ? t.getMessage() : t.getClass().getSimpleName();
    }

    private void undoPartialWrite(long size) {
        if (size < 0) {
            return;
        }
        try {
            channel.setLength(size);
            channel.getFD().sync();
        } catch (IOException ignored) {
            // Reading skips a torn last line, and reopening moves it aside.
        }
    }
}
