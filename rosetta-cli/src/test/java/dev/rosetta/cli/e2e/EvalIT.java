package dev.rosetta.cli.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.rosetta.agent.eval.RowFiles;
import dev.rosetta.agent.eval.RunRow;

/**
 * {@code rosetta eval} through the jar: the shipped suites replayed against the scripted model's
 * recorded replies (passes in markdown, xml and native tool calls, a wrong answer, a run that hangs,
 * drift into xml, an unreadable call, a provider that fails) give the recorded results row for row; shards run by separate processes
 * merge into the whole; a run recorded against a provider on loopback replays to the same rows.
 */
class EvalIT extends EndToEnd {

    private static final Duration EVAL_LIMIT = Duration.ofMinutes(6);

    private static Path scripted() {
        try {
            return Path.of(EvalIT.class.getResource("/eval/scripted").toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<RunRow> comparable(List<RunRow> rows) {
        return rows.stream().map(RunRow::comparable).toList();
    }

    private Run eval(String... args) {
        return sandbox.finish(sandbox.launch(args), EVAL_LIMIT);
    }

    @Test
    void theShippedSuitesReplayTheScriptedModelRowForRow() {
        Path out = temp.resolve("replayed");
        Run run = eval("eval", "--replay", scripted().toString(), "--out", out.toString(), "--parallel", "4",
                "--timeout", "20s");

        assertThat(run.exitCode()).as(run.toString()).isZero();
        List<RunRow> expected = RowFiles.read(scripted());
        List<RunRow> rows = RowFiles.read(out);
        assertThat(comparable(rows)).isEqualTo(comparable(expected));
        assertThat(rows).extracting(RunRow::outcome).contains(RunRow.PASSED, RunRow.FAILED, RunRow.TIMEOUT, RunRow.ERROR);
        assertThat(rows).anySatisfy(r -> assertThat(r.driftedInto()).containsKey("xml"));
        assertThat(rows).anySatisfy(r -> assertThat(r.unreadable()).isPositive());
        assertThat(rows).filteredOn(r -> r.format().equals("tool")).isNotEmpty()
                .allSatisfy(r -> assertThat(r.dialects()).containsOnlyKeys("native"));
        assertThat(out.resolve(RowFiles.CSV)).exists();
        assertThat(run.stdout()).contains(rows.stream().filter(RunRow::passed).count() + " of " + rows.size());
    }

    @Test
    void shardsRunBySeparateProcessesMergeIntoTheWholeRun() throws Exception {
        List<Sandbox.Launched> shards = new ArrayList<>();
        for (int k = 1; k <= 3; k++) {
            shards.add(sandbox.launch("eval", "--replay", scripted().toString(), "--tasks", "shell/*,java/hello-java",
                    "--shard", k + "/3", "--out", temp.resolve("shard" + k).toString(), "--timeout", "20s"));
        }
        for (Sandbox.Launched s : shards) {
            Run run = sandbox.finish(s, EVAL_LIMIT);
            assertThat(run.exitCode()).as(run.toString()).isZero();
        }
        Run merged = eval("eval", "merge", temp.resolve("shard1").toString(), temp.resolve("shard2").toString(),
                temp.resolve("shard3").toString(), "--out", temp.resolve("merged").toString());
        assertThat(merged.exitCode()).as(merged.toString()).isZero();

        List<RunRow> whole = RowFiles.read(scripted()).stream()
                .filter(r -> r.suite().equals("shell") || r.taskId().equals("java/hello-java")).toList();
        assertThat(comparable(RowFiles.read(temp.resolve("merged")))).isEqualTo(comparable(whole));
        for (RunRow r : whole) {
            assertThat(temp.resolve("merged").resolve(r.log())).exists();
        }
    }

    @Test
    void aRunRecordedAgainstAProviderReplaysToTheSameRowsAndReports() throws Exception {
        model.script(Format.MARKDOWN.reply("Writing it.\n", ModelCall.save("greet.sh",
                        "#!/usr/bin/env bash\nif [ $# -lt 1 ]; then\n  echo \"usage: greet.sh NAME\" >&2\n  exit 2\nfi\n"
                                + "echo \"Hello, $1!\"\n")),
                ScriptedReply.text("Done."));
        Path recorded = temp.resolve("recorded");
        Run record = eval("eval", "shell", "--tasks", "write-greeting", "-m", "openai/gpt-4.1@markdown", "--record",
                "--out", recorded.toString());
        assertThat(record.exitCode()).as(record.toString()).isZero();
        List<RunRow> rows = RowFiles.read(recorded);
        assertThat(rows).singleElement().satisfies(r -> {
            assertThat(r.passed()).as(r.toString()).isTrue();
            assertThat(r.dialects()).containsEntry("markdown", 1);
            assertThat(r.cost()).isPositive();
        });

        Run replay = eval("eval", "--replay", recorded.toString(), "--out", temp.resolve("again").toString());
        assertThat(replay.exitCode()).as(replay.toString()).isZero();
        assertThat(comparable(RowFiles.read(temp.resolve("again")))).isEqualTo(comparable(rows));

        Run report = eval("eval", "report", scripted().toString(), "--out", temp.resolve("board").toString());
        assertThat(report.exitCode()).as(report.toString()).isZero();
        assertThat(report.stdout()).contains("local/scripted");
        String html = Files.readString(temp.resolve("board").resolve("leaderboard.html"));
        assertThat(html).contains("<svg", "<table", "sort").doesNotContain("src=\"http", "href=\"http");
        assertThat(temp.resolve("board").resolve("leaderboard.json")).content().contains("\"best\"");
    }
}
