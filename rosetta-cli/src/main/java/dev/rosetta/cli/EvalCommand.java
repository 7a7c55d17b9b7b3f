package dev.rosetta.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Function;

import dev.rosetta.agent.eval.EvalRunner;
import dev.rosetta.agent.eval.EvalSettings;
import dev.rosetta.agent.eval.EvalTask;
import dev.rosetta.agent.eval.Matrix;
import dev.rosetta.agent.eval.ModelSpecs;
import dev.rosetta.agent.eval.PlannedRun;
import dev.rosetta.agent.eval.Replay;
import dev.rosetta.agent.eval.RunFolders;
import dev.rosetta.agent.eval.Shard;
import dev.rosetta.agent.eval.Suites;
import dev.rosetta.cli.chat.TerminalCheck;
import dev.rosetta.cli.option.OptionConverters;
import dev.rosetta.cli.render.TerminalOutput;
import dev.rosetta.core.RosettaException;
import dev.rosetta.core.time.DurationSetting;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code rosetta eval}: runs suites of tasks through real conversations for a matrix of models and
 * tool formats (docs/EVALS.md). The command reads its options; the runner, the results and the
 * leaderboard are {@code dev.rosetta.agent.eval}'s.
 */
@Command(name = "eval", description = "Runs suites of tasks for a matrix of models and tool formats and writes the"
        + " results (docs/EVALS.md).", subcommands = {EvalReportCommand.class, EvalMergeCommand.class})
final class EvalCommand implements Callable<Integer> {

    @Parameters(paramLabel = "SUITE", arity = "0..*", description = "A suite folder, a task file or a shipped suite"
            + " (default: every shipped suite).")
    private List<String> suites = new ArrayList<>();

    @Option(names = {"-m", "--model"}, paramLabel = "MODEL[@FORMAT]", description = "A model and its format: @markdown,"
            + " @xml, @tool, …; @all: every format that applies; no @: its default. Repeatable.")
    private List<String> models = new ArrayList<>();

    @Option(names = "--tasks", paramLabel = "GLOB", description = "Only tasks whose suite/name or name matches (* and ?;"
            + " comma-separated).")
    private String tasks;

    @Option(names = "--repeat", paramLabel = "N", defaultValue = "1", converter = OptionConverters.AtLeastOne.class,
            description = "Run every task N times (default: 1).")
    private int repeat = 1;

    @Option(names = "--parallel", paramLabel = "N", defaultValue = "1", converter = OptionConverters.AtLeastOne.class,
            description = "Conversations at once (default: 1).")
    private int parallel = 1;

    @Option(names = "--out", paramLabel = "DIR", description = "The run folder (default: a dated folder under"
            + " $XDG_DATA_HOME/rosetta/evals).")
    private Path out;

    @Option(names = "--timeout", paramLabel = "DURATION", defaultValue = "5m",
            description = "A run's time limit when its task sets none (default: 5m); a run past it is killed and fails.")
    private String timeout = "5m";

    @Option(names = "--max-cost", paramLabel = "USD", description = "Start no run once the cost so far and the"
            + " runs' estimates would pass this many dollars.")
    private Double maxCost;

    @Option(names = "--record", description = "Keep every model reply, for --replay.")
    private boolean record;

    @Option(names = "--replay", paramLabel = "RUN", description = "Run the matrix of a recorded run folder again from"
            + " its replies, with no provider.")
    private Path replay;

    @Option(names = "--shard", paramLabel = "K/N", description = "Run only the K-th of N parts of the matrix (1/N …"
            + " N/N); join the parts with rosetta eval merge.")
    private String shard;

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        TerminalOutput output = Main.output(spec);
        Map<String, String> env = System.getenv();
        Path here = Path.of("").toAbsolutePath();
        try {
            Duration limit = DurationSetting.read("--timeout", timeout);
            Shard part = shard == null ? Shard.WHOLE : Shard.parse(shard);
            if (maxCost != null && maxCost < 0) {
                throw new RosettaException("--max-cost must be 0 or more dollars");
            }
            List<PlannedRun> runs;
            Optional<Function<PlannedRun, Path>> tapes = Optional.empty();
            if (replay != null) {
                if (!models.isEmpty()) {
                    throw new RosettaException("--replay runs the recorded matrix; leave out -m");
                }
                // The tasks given, else the copies the recording kept, else the shipped suites.
                Path kept = replay.resolve("tasks");
                List<EvalTask> all = !suites.isEmpty() ? Suites.load(suites, here)
                        : Suites.load(Files.isDirectory(kept) ? List.of(kept.toString()) : List.of(), here);
                Replay.Plan plan = Replay.of(replay, Suites.select(all, Optional.ofNullable(tasks)));
                runs = plan.runs();
                tapes = Optional.of(plan.tapes());
            } else {
                List<EvalTask> chosen = Suites.select(Suites.load(suites, here), Optional.ofNullable(tasks));
                List<Matrix.ModelFormats> matrix = ModelSpecs.resolve(models, env, here, output::warning);
                runs = Matrix.of(matrix, chosen, repeat);
            }
            List<PlannedRun> mine = part.of(runs);
            Path folder = (out != null ? here.resolve(out)
                    : RunFolders.dated(env, LocalDateTime.now(), part.n() > 1 ? "-shard-" + part.k() + "-of-" + part.n()
                            : "")).toAbsolutePath().normalize();
            EvalSettings settings = new EvalSettings(folder, folder.getFileName().toString(), ChildCommand.rosetta(),
                    env, limit, record, tapes, ManifestVersion.current(), ChildCommand.commit());
            EvalProgress progress = new EvalProgress(output, TerminalCheck.stderrIsTerminal());
            EvalRunner.Outcome outcome = new EvalRunner(settings, parallel, maxCost).run(mine, progress);
            RunFolders.remember(env, folder);
            RunFolders.updateBest(env);
            progress.summary(outcome, folder);
            return 0;
        } catch (RosettaException e) {
            output.error(e.getMessage());
            return 2;
        }
    }
}
