package dev.rosetta.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import dev.rosetta.agent.eval.Merge;
import dev.rosetta.agent.eval.RunFolders;
import dev.rosetta.agent.eval.RunRow;
import dev.rosetta.cli.render.TerminalOutput;
import dev.rosetta.core.RosettaException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code rosetta eval merge DIR… --out DIR}: shard folders joined into one run folder. */
@Command(name = "merge", description = "Joins the run folders of shards (--shard K/N) into one.")
final class EvalMergeCommand implements Callable<Integer> {

    @Parameters(paramLabel = "DIR", arity = "1..*", description = "The shards' run folders.")
    private List<Path> folders = new ArrayList<>();

    @Option(names = "--out", paramLabel = "DIR", required = true, description = "The merged run folder.")
    private Path out;

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        TerminalOutput output = Main.output(spec);
        try {
            List<RunRow> rows = Merge.merge(folders, out);
            RunFolders.remember(System.getenv(), out);
            RunFolders.updateBest(System.getenv());
            output.out().line("merged " + rows.size() + " runs from " + folders.size() + " folders into " + out);
            return 0;
        } catch (RosettaException e) {
            output.error(e.getMessage());
            return 2;
        }
    }
}
