package dev.rosetta.cli;

import java.nio.file.Path;
import java.util.Locale;

import dev.rosetta.agent.eval.EvalRunner;
import dev.rosetta.agent.eval.RowFiles;
import dev.rosetta.agent.eval.RunRow;
import dev.rosetta.cli.render.TerminalOutput;

/**
 * The eval's progress on stderr: on a terminal one line redrawn in place (runs done/total, passed,
 * cost, time left); elsewhere one line per finished run, for logs of CI jobs.
 */
final class EvalProgress implements EvalRunner.Progress {

    private final TerminalOutput output;
    private final boolean live;
    private int total;

    EvalProgress(TerminalOutput output, boolean live) {
        this.output = output;
        this.live = live;
    }

    @Override
    public void started(int runs) {
        total = runs;
        output.err().line("eval: " + runs + " run" + (runs == 1 ? "" : "s"));
    }

    @Override
    public synchronized void finished(RunRow row, EvalRunner.Tally t) {
        String status = String.format(Locale.ROOT, "%d/%d done · %d passed · $%.4f · %s left", t.done(), t.total(),
                t.passed(), t.cost(), left(t));
        String run = row.outcome() + "  " + row.model() + "@" + row.format() + " " + row.taskId()
                + (row.repeat() > 1 ? " #" + row.repeat() : "");
        if (live) {
            output.err().append("\r\u001b[2K");
            output.err().text(run);
            output.err().append("\n");
            output.err().text(status);
            output.err().flush();
        } else {
            output.err().line("[" + t.done() + "/" + t.total() + "] " + run + " · " + status);
        }
    }

    private static String left(EvalRunner.Tally t) {
        if (t.done() == 0) {
            return "?";
        }
        long seconds = t.elapsedNanos() / 1_000_000_000L * (t.total() - t.done()) / t.done();
        return seconds >= 60 ? seconds / 60 + "m" + (seconds % 60 > 0 ? seconds % 60 + "s" : "") : seconds + "s";
    }

    void summary(EvalRunner.Outcome outcome, Path folder) {
        if (live) {
            output.err().append("\r\u001b[2K");
            output.err().flush();
        }
        long passed = outcome.rows().stream().filter(RunRow::passed).count();
        output.out().line(String.format(Locale.ROOT, "%d of %d runs passed; results in %s", passed,
                outcome.rows().size(), folder.resolve(RowFiles.JSONL)));
        if (outcome.notStarted() > 0) {
            output.out().line(outcome.notStarted() + " run" + (outcome.notStarted() == 1 ? " was" : "s were")
                    + " not started: --max-cost would have been passed");
        }
        output.out().line("the leaderboard: rosetta eval report " + folder);
    }
}
