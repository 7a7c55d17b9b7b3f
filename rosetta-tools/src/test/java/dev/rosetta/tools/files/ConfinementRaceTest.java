package dev.rosetta.tools.files;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.rosetta.core.tool.ErrorCode;
import dev.rosetta.core.tool.ToolResult;
import dev.rosetta.tools.FileWrites;
import dev.rosetta.tools.ToolContext;

/**
 * Issue 25 §3: under {@code --confine}, what a file tool checked and what it writes cannot
 * disagree, however the workspace changes between the two. A second thread swaps a folder for a
 * link to a folder outside, over and over, while the tools write into it; nothing may land
 * outside. The run is counted (at least as many swaps as writes), never timed.
 */
class ConfinementRaceTest {

    private static final int WRITES = 300;

    @TempDir
    Path tmp;
    Path ws;
    Path outside;

    @BeforeEach
    void folders() throws IOException {
        ws = Files.createDirectories(tmp.resolve("ws"));
        outside = Files.createDirectories(tmp.resolve("outside"));
        Files.createDirectories(ws.resolve("d"));
        Files.writeString(outside.resolve("kept.txt"), "outside\n");
    }

    @Test
    void aFolderSwappedForALinkWhileSavesRunPutsNothingOutside() throws Exception {
        Calls calls = new Calls(ws).confined();
        int saved = race(i -> calls.save(i % 2 == 0 ? "d/f" + i + ".txt" : "d/n" + i + "/f.txt", "line " + i));

        assertThat(saved).as("saves that went through").isPositive();
        assertThat(entries(outside)).containsExactly(outside.resolve("kept.txt"));
    }

    @Test
    void aFolderSwappedForALinkWhileAppendsRunPutsNothingOutside() throws Exception {
        Files.writeString(outside.resolve("log.txt"), "outside\n");
        Calls calls = new Calls(ws).confined();
        int appended = race(i -> calls.append(i % 2 == 0 ? "d/log.txt" : "d/n" + i + "/log.txt", "line " + i));

        assertThat(appended).as("appends that went through").isPositive();
        assertThat(entries(outside)).containsExactlyInAnyOrder(outside.resolve("kept.txt"), outside.resolve("log.txt"));
        assertThat(outside.resolve("log.txt")).hasContent("outside");
    }

    @Test
    void aFolderSwappedForALinkWhileReadsRunNeverShowsAFileOutside() throws Exception {
        Files.writeString(ws.resolve("d/notes.txt"), "inside\n");
        Files.writeString(outside.resolve("notes.txt"), "outside secret\n");
        Calls calls = new Calls(ws).confined();
        List<String> outputs = new ArrayList<>();
        int read = race(i -> {
            ToolResult r = calls.read("d/notes.txt");
            outputs.add(r.output());
            return r;
        });

        assertThat(read).as("reads that went through").isPositive();
        assertThat(outputs).noneMatch(o -> o.contains("outside secret"));
    }

    /** The same race, made certain: d becomes a link after the tool checked the path and before it writes. */
    @Test
    void aFolderSwappedForALinkBetweenTheCheckAndTheWriteIsRefusedAndNothingIsWrittenOutside() throws Exception {
        Files.writeString(ws.resolve("d/log.txt"), "inside\n");
        Files.writeString(outside.resolve("log.txt"), "outside\n");
        FileWrites swap = file -> {
            try {
                if (!Files.isSymbolicLink(ws.resolve("d"))) {
                    Files.move(ws.resolve("d"), ws.resolve("away"));
                    Files.createSymbolicLink(ws.resolve("d"), outside);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        };
        List<ToolResult> results = new ArrayList<>();
        for (Write write : List.<Write>of(
                i -> calls(swap).save("d/new.txt", "planted"),
                i -> calls(swap).save("d/deeper/new.txt", "planted"),
                i -> calls(swap).append("d/log.txt", "planted"),
                i -> calls(swap).patch("d/log.txt", Calls.hunk("inside\n", "planted\n")))) {
            results.add(write.run(0));
            Files.delete(ws.resolve("d"));
            Files.move(ws.resolve("away"), ws.resolve("d"));
        }

        assertThat(results).allSatisfy(r -> {
            assertThat(r.code()).as(r.output()).isEqualTo(ErrorCode.EACCES);
            assertThat(r.output()).containsAnyOf("outside the workspace", "became a symbolic link");
        });
        assertThat(entries(outside)).containsExactlyInAnyOrder(outside.resolve("kept.txt"), outside.resolve("log.txt"));
        assertThat(outside.resolve("log.txt")).hasContent("outside");
        assertThat(ws.resolve("d/log.txt")).hasContent("inside");
    }

    private Calls calls(FileWrites hook) {
        return new Calls(ToolContext.in(ws).confined(true).withWrites(hook));
    }

    @Test
    void appendThroughAHardLinkToAFileOutsideIsRefusedWhenConfined() throws Exception {
        Files.createLink(ws.resolve("d/notes.txt"), outside.resolve("kept.txt"));

        ToolResult result = new Calls(ws).confined().append("d/notes.txt", "planted");

        assertThat(result.code()).isEqualTo(ErrorCode.EACCES);
        assertThat(result.output()).contains("2 names (hard links)").contains("save");
        assertThat(outside.resolve("kept.txt")).hasContent("outside");
    }

    @Test
    void appendThroughAHardLinkStillWorksUnconfined() throws Exception {
        Files.createLink(ws.resolve("d/notes.txt"), outside.resolve("kept.txt"));

        ToolResult result = new Calls(ws).append("d/notes.txt", "more");

        assertThat(result.isError()).as(result.output()).isFalse();
        assertThat(outside.resolve("kept.txt")).hasContent("outside\nmore");
    }

    @Test
    void aFileSavedUnderConfinementGetsAFreshFileOfItsOwnOutsideHardLinksUntouched() throws Exception {
        Files.createLink(ws.resolve("d/notes.txt"), outside.resolve("kept.txt"));

        ToolResult result = new Calls(ws).confined().save("d/notes.txt", "inside");

        assertThat(result.isError()).as(result.output()).isFalse();
        assertThat(ws.resolve("d/notes.txt")).hasContent("inside");
        assertThat(outside.resolve("kept.txt")).hasContent("outside");
    }

    @FunctionalInterface
    private interface Write {
        ToolResult run(int i) throws Exception;
    }

    /**
     * Runs {@link #WRITES} writes while another thread swaps {@code d} for a link to {@code
     * outside} and back: each write, as it starts, lets the swapper flip {@code d} once, and the
     * next write waits for that flip, so the flips fall inside the writes (between a check and a
     * write, sooner or later) rather than wherever the scheduler puts them. Returns how many
     * writes went through.
     */
    private int race(Write write) throws Exception {
        AtomicBoolean done = new AtomicBoolean();
        AtomicInteger started = new AtomicInteger();
        AtomicInteger swaps = new AtomicInteger();
        AtomicInteger flips = new AtomicInteger(); // flips tried, whether or not they could be made
        Thread swapper = Thread.ofPlatform().start(() -> {
            Path d = ws.resolve("d");
            Path away = null;
            for (int seen = 0; !done.get(); ) {
                if (started.get() == seen) {
                    Thread.onSpinWait();
                    continue;
                }
                seen = started.get();
                try {
                    if (away != null) {
                        Files.delete(d);
                        Files.move(away, d);
                        away = null;
                    } else {
                        away = ws.resolve("away-" + seen);
                        Files.move(d, away);
                        Files.createSymbolicLink(d, outside);
                    }
                    swaps.incrementAndGet();
                } catch (IOException e) {
                    // a write made d again in the moment it was away: that one is moved aside next time
                    away = null;
                }
                flips.incrementAndGet();
            }
        });
        int ok = 0;
        try {
            for (int i = 0; i < WRITES; i++) {
                started.incrementAndGet();
                if (!write.run(i).isError()) {
                    ok++; // else refused, or d was away in that moment: either is fine, as long as nothing is outside
                }
                while (flips.get() <= i) {
                    Thread.onSpinWait(); // this write's flip is done before the next write starts
                }
            }
        } finally {
            done.set(true);
            swapper.join();
        }
        assertThat(swaps.get()).as("flips of d made while the writes ran").isGreaterThanOrEqualTo(WRITES / 10);
        return ok;
    }

    private static List<Path> entries(Path folder) throws IOException {
        try (Stream<Path> all = Files.walk(folder)) {
            return all.filter(p -> !p.equals(folder)).sorted().toList(); // files and folders alike
        }
    }
}
