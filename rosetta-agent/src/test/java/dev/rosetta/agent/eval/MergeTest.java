package dev.rosetta.agent.eval;

import static dev.rosetta.agent.eval.Rows.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.rosetta.core.RosettaException;

class MergeTest {

    @TempDir
    Path dir;

    /** Rows in matrix order: their logs start with the run's place, as the runner names them. */
    private static List<RunRow> whole() {
        List<RunRow> rows = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            RunRow r = row("whole", "2026-01-01T00:00:0" + i + "Z", "m", "xml", "t" + i, 1, i % 2 == 0, 0.01);
            rows.add(r.withLog("runs/" + String.format("%06d", i) + "-m-xml-suite-t" + i + "-1/logs/eval/conversation.jsonl"));
        }
        return rows;
    }

    private Path shard(String name, List<RunRow> rows) throws Exception {
        Path folder = dir.resolve(name);
        Files.createDirectories(folder);
        RowFiles.write(folder, rows);
        for (RunRow r : rows) {
            Path log = folder.resolve(r.log());
            Files.createDirectories(log.getParent());
            Files.writeString(log, "{}\n");
        }
        return folder;
    }

    @Test
    void mergedShardsEqualTheUnshardedRun() throws Exception {
        List<RunRow> all = whole();
        List<Path> shards = new ArrayList<>();
        for (int k = 1; k <= 3; k++) {
            int shardIndex = k;
            List<RunRow> part = new ArrayList<>();
            for (int i = 0; i < all.size(); i++) {
                if (i % 3 == shardIndex - 1) {
                    part.add(all.get(i));
                }
            }
            shards.add(shard("shard" + k, part));
        }
        Path out = dir.resolve("merged");
        Merge.merge(List.of(shards.get(2), shards.get(0), shards.get(1)), out);

        assertThat(RowFiles.read(out).stream().map(RunRow::comparable).toList())
                .isEqualTo(all.stream().map(RunRow::comparable).toList());
        for (RunRow r : all) {
            assertThat(out.resolve(r.log())).exists();
        }
        assertThat(out.resolve(RowFiles.CSV)).exists();
    }

    @Test
    void aRunInTwoFoldersIsRefused() throws Exception {
        List<RunRow> all = whole();
        Path a = shard("a", all.subList(0, 4));
        Path b = shard("b", all.subList(3, 7));
        assertThatThrownBy(() -> Merge.merge(List.of(a, b), dir.resolve("out"))).isInstanceOf(RosettaException.class)
                .hasMessageContaining("is in both");
    }

    @Test
    void rowsSurviveWritingAndReadingBack() throws Exception {
        Path folder = shard("rt", whole());
        assertThat(RowFiles.read(folder)).isEqualTo(whole());
        assertThat(Files.readAllLines(folder.resolve(RowFiles.CSV)).getFirst()).startsWith("run_id,started_at,model");
    }
}
