package dev.rosetta.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * Issue 25 §3, through the jar: under {@code --confine}, a folder swapped for a link to a folder
 * outside, over and over while the model's saves and appends run, never lets one land outside
 * (1–5 of 300 did). The swaps run for as long as Rosetta does, and are counted.
 */
class ConfinementIT extends EndToEnd {

    private static final int REPLIES = 5;
    private static final int CALLS = 40;

    @Test
    void aFolderSwappedForALinkWhileTheModelsSavesAndAppendsRunPutsNothingOutside() throws Exception {
        Path d = Files.createDirectories(sandbox.workspace().resolve("d"));
        Path outside = Files.createDirectories(temp.resolve("outside"));
        List<ScriptedReply> replies = new ArrayList<>();
        for (int r = 0; r < REPLIES; r++) {
            List<ModelCall> calls = new ArrayList<>();
            for (int c = 0; c < CALLS; c++) {
                int i = r * CALLS + c;
                calls.add(i % 3 == 0 ? new ModelCall("append-" + i, "append", "d/log.txt", "content", "line " + i + "\n")
                        : ModelCall.save(i % 3 == 1 ? "d/f" + i + ".txt" : "d/n" + i + "/f.txt", "saved " + i + "\n"));
            }
            replies.add(Format.MARKDOWN.reply("Writing.\n", calls.toArray(ModelCall[]::new)));
        }
        replies.add(ScriptedReply.text("Done."));
        model.script(replies.toArray(ScriptedReply[]::new));

        Sandbox.Launched rosetta = sandbox.launch("-n", "--confine", "-m", Api.CHAT_COMPLETIONS.model(),
                "--tool-format", "markdown", "write the files");
        AtomicBoolean done = new AtomicBoolean();
        AtomicInteger swaps = new AtomicInteger();
        Thread swapper = Thread.ofPlatform().start(() -> {
            // Stops when Rosetta does: the harness's own look through the workspace after the run must
            // not race a swap.
            for (int n = 0; !done.get() && rosetta.process().isAlive(); n++) {
                Path away = sandbox.workspace().resolve("away-" + n);
                try {
                    Files.move(d, away);
                    Files.createSymbolicLink(d, outside);
                    swaps.incrementAndGet();
                    Files.delete(d);
                    Files.move(away, d);
                } catch (IOException e) {
                    // a save made d again while it was away: that one is moved aside next round
                }
            }
        });
        Run run;
        try {
            run = sandbox.finish(rosetta);
        } finally {
            done.set(true);
            swapper.join();
        }

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(swaps.get()).as("swaps while Rosetta ran").isPositive();
        try (Stream<Path> landed = Files.walk(outside)) {
            assertThat(landed.filter(p -> !p.equals(outside)).toList()).as("what landed outside").isEmpty();
        }
    }

    /** Issue 25 §3, through the jar: under --confine an append through a hard link changed the file outside. */
    @Test
    void anAppendThroughAHardLinkToAFileOutsideIsRefusedAndTheFileOutsideKeptAsItWas() throws Exception {
        Path outside = Files.writeString(Files.createDirectories(temp.resolve("outside")).resolve("kept.txt"), "outside\n");
        Files.createLink(sandbox.workspace().resolve("notes.txt"), outside);
        model.script(Format.MARKDOWN.reply("Appending.\n", new ModelCall("append-1", "append", "notes.txt", "content",
                "planted\n")), ScriptedReply.text("Done."));

        Run run = sandbox.rosetta("-n", "--confine", "-m", Api.CHAT_COMPLETIONS.model(), "--tool-format", "markdown",
                "add a line to notes.txt");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        assertThat(outside).hasContent("outside");
        assertThat(model.request(1).messages()).anySatisfy(m -> assertThat(m).contains("2 names (hard links)"));
    }
}
