package dev.rosetta.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import dev.rosetta.agent.eval.Leaderboard;
import dev.rosetta.agent.eval.Report;
import dev.rosetta.agent.eval.RowFiles;
import dev.rosetta.agent.eval.RunFolders;
import dev.rosetta.agent.eval.RunRow;
import dev.rosetta.cli.render.TerminalOutput;
import dev.rosetta.core.RosettaException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code rosetta eval report [RESULTS…]}: the leaderboard as Markdown, an HTML page and JSON. */
@Command(name = "report", description = "Writes the model and format leaderboard of eval results as Markdown, HTML"
        + " and JSON.")
final class EvalReportCommand implements Callable<Integer> {

    @Parameters(paramLabel = "RESULTS", arity = "0..*", description = "Run folders or results.jsonl files (default:"
            + " every eval run of yours).")
    private List<Path> results = new ArrayList<>();

    @Option(names = "--out", paramLabel = "DIR", description = "Where to write leaderboard.md, .html and .json"
            + " (default: the one run folder given, else the evals folder).")
    private Path out;

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        TerminalOutput output = Main.output(spec);
        var env = System.getenv();
        try {
            List<Path> sources = results.isEmpty() ? RunFolders.listed(env) : results;
            if (sources.isEmpty()) {
                throw new RosettaException("no eval results yet: run rosetta eval, or name run folders");
            }
            List<RunRow> rows = new ArrayList<>();
            sources.forEach(s -> rows.addAll(RowFiles.read(s)));
            Path folder = out != null ? out : results.size() == 1 && Files.isDirectory(results.getFirst())
                    ? results.getFirst() : RunFolders.home(env);
            Leaderboard board = Leaderboard.of(rows);
            List<Path> written = Report.write(board, folder);
            output.out().text(Report.markdownOf(board));
            written.forEach(p -> output.out().line("wrote " + p));
            return 0;
        } catch (RosettaException e) {
            output.error(e.getMessage());
            return 2;
        }
    }
}
