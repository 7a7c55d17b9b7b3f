package dev.rosetta.agent.undo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import dev.rosetta.agent.log.ConversationLog;
import dev.rosetta.tools.FileAccess;
import dev.rosetta.tools.files.Workspace;

/**
 * Issue 25 §3: {@code /undo} against files that changed into something hostile since a call wrote
 * them (a link outside, a device, a FIFO, a file larger than memory), and a Rosetta killed between
 * a write and its end. Real files in a temporary folder, a real log; calls are made as the tools
 * make them ({@link FileCheckpoints#begin}, {@code aboutToWrite}, the write, {@link
 * FileCheckpoints#end}).
 */
class RewindTest {

    @TempDir
    Path tmp;
    Path ws;
    Path outside;
    Path logs;
    ConversationLog log;
    FileCheckpoints checkpoints;

    @BeforeEach
    void start() throws IOException {
        ws = Files.createDirectories(tmp.resolve("ws"));
        outside = Files.createDirectories(tmp.resolve("outside"));
        logs = Files.createDirectories(tmp.resolve("logs"));
        log = ConversationLog.create(logs, "undo");
        checkpoints = new FileCheckpoints(log);
    }

    @AfterEach
    void stop() {
        log.close();
    }

    /** One call writing {@code file}, as save does. */
    private void call(String id, Path file, String content) throws IOException {
        checkpoints.begin(id);
        checkpoints.aboutToWrite(file);
        Files.writeString(file, content);
        checkpoints.end();
    }

    /** The conversation opened again, as the next Rosetta finds it. */
    private void reopen() {
        log.close();
        log = ConversationLog.open(logs, "undo");
        checkpoints = new FileCheckpoints(log);
    }

    private Rewind.Plan planAll(Workspace workspace) throws InterruptedException {
        return Rewind.plan(log, checkpoints, 0, workspace);
    }

    /** An editor's buffers: the text it has open, which the disk does not have until it saves. */
    private record Buffers(Map<String, String> open) implements FileAccess {
        @Override
        public boolean reads() {
            return true;
        }

        @Override
        public boolean writes() {
            return true;
        }

        @Override
        public String read(Path file) throws IOException {
            String held = open.get(file.toString());
            return held != null ? held : Files.readString(file);
        }

        @Override
        public void write(Path file, String text) {
            open.put(file.toString(), text);
        }
    }

    @Test
    void undoPutsBackTheEditorsUnsavedBufferNotTheDiskUnderIt() throws Exception {
        Path notes = Files.writeString(ws.resolve("notes.txt"), "saved\n");
        Buffers editor = new Buffers(new ConcurrentHashMap<>(Map.of(notes.toString(), "saved\nand unsaved\n")));
        Workspace through = new Workspace(ws, false, editor);
        checkpoints = new FileCheckpoints(log, through);
        checkpoints.begin("c1");
        checkpoints.aboutToWrite(notes);
        through.replace(notes, "the model's\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        checkpoints.end();

        Rewind.Plan plan = planAll(through);

        assertThat(plan.cannotRestore()).isEmpty();
        assertThat(plan.restores()).singleElement().satisfies(r -> {
            assertThat(new String(r.bytes(), java.nio.charset.StandardCharsets.UTF_8)).isEqualTo("saved\nand unsaved\n");
            assertThat(r.changedElsewhere()).isFalse();
            assertThat(r.diff()).contains("-the model's").contains("+and unsaved");
        });
        assertThat(Rewind.apply(log, plan, true, through)).isEmpty();
        assertThat(editor.open()).containsEntry(notes.toString(), "saved\nand unsaved\n");
        assertThat(notes).hasContent("saved");
    }

    @Test
    void undoWritesNothingThroughAFileThatBecameALinkOutsideWhenConfined() throws Exception {
        Path notes = ws.resolve("notes.txt");
        Files.writeString(notes, "mine\n");
        call("c1", notes, "the model's\n");
        Path target = Files.writeString(outside.resolve("target.txt"), "outside\n");
        Files.delete(notes);
        Files.createSymbolicLink(notes, target);
        Workspace confined = new Workspace(ws, true);

        Rewind.Plan plan = planAll(confined);
        List<String> failed = Rewind.apply(log, plan, true, confined);

        assertThat(target).hasContent("outside");
        assertThat(failed).singleElement().asString().startsWith("notes.txt: ").contains("outside the workspace");
    }

    @Test
    void undoOfAFileThatBecameALinkToDevZeroIsRefusedWithoutReadingIt() throws Exception {
        Path notes = ws.resolve("notes.txt");
        call("c1", notes, "the model's\n");
        Files.delete(notes);
        Files.createSymbolicLink(notes, Path.of("/dev/zero"));

        Rewind.Plan plan = planAll(new Workspace(ws, false));

        assertThat(plan.restores()).isEmpty();
        assertThat(plan.cannotRestore()).singleElement().asString()
                .startsWith("notes.txt (it is now a character device, not a file");
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD) // a hang guard
    void undoOfAFileThatBecameAFifoIsRefusedWithoutOpeningIt() throws Exception {
        Path notes = ws.resolve("notes.txt");
        call("c1", notes, "the model's\n");
        Files.delete(notes);
        mkfifo(notes);

        Rewind.Plan plan = planAll(new Workspace(ws, false));
        List<String> failed = Rewind.apply(log, plan, true, new Workspace(ws, false));

        assertThat(plan.cannotRestore()).singleElement().asString().contains("a FIFO (named pipe)")
                .contains("remove it and /undo again");
        assertThat(failed).isEmpty();
        assertThat(notes).as("still the FIFO, never opened or replaced").satisfies(f -> assertThat(Files.isRegularFile(f)).isFalse());
    }

    @Test
    void undoOfAFileLargerThanAnArrayComparesItByHashAndShowsNoDiff() throws Exception {
        Path big = ws.resolve("big.bin");
        call("c1", big, "small\n");
        try (RandomAccessFile file = new RandomAccessFile(big.toFile(), "rw")) {
            file.setLength((1L << 31) + 4096); // sparse: no disk, but more than one byte array holds
        }

        Rewind.Plan plan = planAll(new Workspace(ws, false));

        assertThat(plan.restores()).singleElement().satisfies(r -> {
            assertThat(r.deletes()).as("the call created it").isTrue();
            assertThat(r.changedElsewhere()).isTrue();
            assertThat(r.stat()).isNull();
            assertThat(r.diff()).startsWith("Large file big.bin is put back (no file, now 2,147,487,744 bytes)");
        });
    }

    @Test
    void comparingFilesStopsWhenTheThreadIsInterrupted() throws Exception {
        Path big = ws.resolve("big.bin");
        call("c1", big, "small\n");
        try (RandomAccessFile file = new RandomAccessFile(big.toFile(), "rw")) {
            file.setLength(1L << 30);
        }

        Thread.currentThread().interrupt();
        try {
            assertThatThrownBy(() -> planAll(new Workspace(ws, false))).isInstanceOf(InterruptedException.class);
        } finally {
            Thread.interrupted();
        }
    }

    /** Issue 25 §3: kill -9 between a write and its checkpoint line left the file out of /undo. */
    @Test
    void aWriteWhoseCallNeverEndedIsStillPutBackAfterReopening() throws Exception {
        Path notes = ws.resolve("notes.txt");
        Files.writeString(notes, "mine\n");
        checkpoints.begin("c1");
        checkpoints.aboutToWrite(notes);
        assertThat(Files.readString(log.folder().resolve("conversation.jsonl")))
                .as("on disk before the write").contains("\"pending\":true");
        Files.writeString(notes, "the model's\n");
        reopen(); // as kill -9 leaves it: no end()

        Rewind.Plan plan = planAll(new Workspace(ws, false));
        Rewind.apply(log, plan, true, new Workspace(ws, false));

        assertThat(plan.restores()).singleElement().satisfies(r -> {
            assertThat(r.unfinished()).isTrue();
            assertThat(r.changedElsewhere()).isFalse();
        });
        assertThat(notes).hasContent("mine");
    }

    @Test
    void aPendingWriteThatNeverHappenedLeavesNothingToPutBack() throws Exception {
        Path notes = ws.resolve("notes.txt");
        Files.writeString(notes, "mine\n");
        checkpoints.begin("c1");
        checkpoints.aboutToWrite(notes);
        reopen();

        Rewind.Plan plan = planAll(new Workspace(ws, false));

        assertThat(plan.restores()).isEmpty();
        assertThat(plan.cannotRestore()).isEmpty();
    }

    @Test
    void aFinishedWriteReplacesItsPendingLine() throws Exception {
        Path notes = ws.resolve("notes.txt");
        call("c1", notes, "one\n");
        call("c2", notes, "two\n");
        reopen();

        assertThat(log.checkpoints()).hasSize(2).noneMatch(c -> c.pending())
                .extracting(c -> c.callId()).containsExactly("c1", "c2");
    }

    @Test
    void theCheckpointsFolderIsCreatedOwnerOnly() throws Exception {
        Path notes = ws.resolve("notes.txt");
        Files.writeString(notes, "mine\n");
        call("c1", notes, "the model's\n");

        assertThat(Files.getPosixFilePermissions(log.checkpointFolder()))
                .isEqualTo(PosixFilePermissions.fromString("rwx------"));
        try (var blobs = Files.list(log.checkpointFolder())) {
            assertThat(blobs.toList()).isNotEmpty().allSatisfy(b -> assertThat(Files.getPosixFilePermissions(b))
                    .isEqualTo(PosixFilePermissions.fromString("rw-------")));
        }
    }

    /** mkfifo(1), of coreutils: on every machine these tests run on. */
    private static void mkfifo(Path path) throws Exception {
        assertThat(new ProcessBuilder("mkfifo", path.toString()).inheritIO().start().waitFor()).isZero();
    }
}
