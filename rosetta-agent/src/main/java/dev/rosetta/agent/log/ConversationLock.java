package dev.rosetta.agent.log;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import dev.rosetta.core.RosettaException;
import dev.rosetta.tools.output.OwnerOnly;

/**
 * Keeps two Rosettas from writing one log: an OS file lock on {@code <conversation>/lock}, held
 * while the conversation is open, with the holder's pid written in the file so the second one can
 * say who has it. The OS drops the lock when the holder dies, so a crash leaves no stale lock.
 */
final class ConversationLock implements AutoCloseable {

    static final String FILE = "lock";

    /**
     * Lock files this JVM holds, by file key (device and inode, so a renamed folder is still
     * recognised). POSIX drops all of a process's locks on a file when any descriptor of it is
     * closed, so a second open in this JVM must be refused before it opens the file at all.
     */
    private static final Set<Object> HELD = ConcurrentHashMap.newKeySet();

    private final FileChannel channel;
    private final FileLock lock;
    private final Object key;

    private ConversationLock(FileChannel channel, FileLock lock, Object key) {
        this.channel = channel;
        this.lock = lock;
        this.key = key;
    }

    /** Takes the lock of the conversation in {@code folder}, or fails in one line naming {@code id}. */
    static ConversationLock acquire(Path folder, String id) {
        Path file = folder.resolve(FILE);
        try {
            Object token = token(file);
            if (!HELD.add(token)) {
                throw inUse(id, "this Rosetta process");
            }
            try {
                return lock(file, id, token);
            } catch (RuntimeException | IOException e) {
                HELD.remove(token);
                throw e;
            }
        } catch (IOException e) {
            throw new RosettaException("could not lock conversation " + id + " (" + file + "): " + e.getMessage(), e);
        }
    }

    /** The lock file's identity (created if missing) without opening it. */
    private static Object token(Path file) throws IOException {
        try {
            // O_EXCL: this opens no descriptor on a lock file that exists (see HELD).
            OwnerOnly.newFile(file);
        } catch (FileAlreadyExistsException e) {
            // Left by an earlier session, or being created by a rival right now: either way, lock it.
        }
        Object key = Files.readAttributes(file, BasicFileAttributes.class).fileKey();
        return key != null ? key : file.toRealPath();
    }

    private static ConversationLock lock(Path file, String id, Object token) throws IOException {
        FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE);
        FileLock lock;
        try {
            lock = channel.tryLock();
        } catch (OverlappingFileLockException e) {
            channel.close();
            throw inUse(id, "this Rosetta process");
        }
        if (lock == null) {
            String pid = holder(channel);
            channel.close();
            throw inUse(id, "another Rosetta process" + (pid == null ? "" : " (pid " + pid + ")"));
        }
        byte[] pid = (ProcessHandle.current().pid() + "\n").getBytes(StandardCharsets.US_ASCII);
        channel.truncate(0);
        channel.write(ByteBuffer.wrap(pid), 0);
        channel.force(true);
        return new ConversationLock(channel, lock, token);
    }

    /** The pid the holder wrote, if it looks like one. */
    private static String holder(FileChannel channel) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(32);
        channel.read(buffer, 0);
        String text = new String(buffer.array(), 0, buffer.position(), StandardCharsets.US_ASCII).strip();
        return text.matches("\\d{1,12}") ? text : null;
    }

    private static RosettaException inUse(String id, String who) {
        return new RosettaException("conversation " + id + " is open in " + who
                + "; finish it there first, or start a new conversation");
    }

    @Override
    public void close() {
        try {
            if (lock.isValid()) {
                lock.release();
            }
            channel.close();
        } catch (IOException e) {
            // The lock goes with the channel or with the process; there is nothing left to undo.
        } finally {
            HELD.remove(key);
        }
    }
}
