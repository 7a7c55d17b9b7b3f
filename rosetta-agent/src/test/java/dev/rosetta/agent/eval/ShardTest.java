package dev.rosetta.agent.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import org.junit.jupiter.api.Test;

import dev.rosetta.core.RosettaException;

class ShardTest {

    private static EvalTask task(String name) {
        return new EvalTask("s", name, Path.of(name + ".toml"), "p", Map.of(), null, null, List.of(),
                Map.of("a", "b"), null, null, null, List.of());
    }

    @Test
    void everyRunIsInExactlyOneShardAndShardsDifferByOneAtMost() {
        Random random = new Random(20);
        for (int round = 0; round < 200; round++) {
            List<EvalTask> tasks = new ArrayList<>();
            int count = 1 + random.nextInt(30);
            for (int i = 0; i < count; i++) {
                tasks.add(task("t" + i));
            }
            List<PlannedRun> matrix = Matrix.of(List.of(new Matrix.ModelFormats("m", List.of("markdown", "xml"))),
                    tasks, 1 + random.nextInt(3));
            int n = 1 + random.nextInt(8);
            Set<Integer> seen = new HashSet<>();
            int smallest = Integer.MAX_VALUE;
            int largest = 0;
            for (int k = 1; k <= n; k++) {
                List<PlannedRun> part = new Shard(k, n).of(matrix);
                part.forEach(r -> assertThat(seen.add(r.index())).as("run %s in two shards", r.key()).isTrue());
                smallest = Math.min(smallest, part.size());
                largest = Math.max(largest, part.size());
            }
            assertThat(seen).hasSize(matrix.size());
            assertThat(largest - smallest).isLessThanOrEqualTo(1);
        }
    }

    @Test
    void theMatrixOrderDoesNotDependOnTheOrderTasksWereFound() {
        List<EvalTask> a = List.of(task("b"), task("a"), task("c"));
        List<EvalTask> b = List.of(task("c"), task("b"), task("a"));
        var models = List.of(new Matrix.ModelFormats("m", List.of("xml")));
        assertThat(Matrix.of(models, a, 2).stream().map(PlannedRun::key).toList())
                .isEqualTo(Matrix.of(models, b, 2).stream().map(PlannedRun::key).toList());
    }

    @Test
    void aShardIsWrittenKSlashNFromOne() {
        assertThat(Shard.parse("2/4")).isEqualTo(new Shard(2, 4));
        assertThatThrownBy(() -> Shard.parse("0/4")).isInstanceOf(RosettaException.class).hasMessageContaining("1/N");
        assertThatThrownBy(() -> Shard.parse("5/4")).isInstanceOf(RosettaException.class);
        assertThatThrownBy(() -> Shard.parse("two")).isInstanceOf(RosettaException.class)
                .hasMessageContaining("JOB_COMPLETION_INDEX");
    }
}
