package dev.rosetta.agent.eval;

import java.util.ArrayList;
import java.util.List;

/**
 * Every run of an eval, in one order that does not depend on the machine: each model as given,
 * each of its formats as given, each task by suite and name, each repeat.
 */
public final class Matrix {

    /** A model and the formats it is to be run in. */
    public record ModelFormats(String model, List<String> formats) {
        public ModelFormats {
            formats = List.copyOf(formats);
        }
    }

    private Matrix() {}

    public static List<PlannedRun> of(List<ModelFormats> models, List<EvalTask> tasks, int repeat) {
        List<EvalTask> sorted = tasks.stream().sorted((a, b) -> a.id().compareTo(b.id())).toList();
        List<PlannedRun> out = new ArrayList<>();
        for (ModelFormats m : models) {
            for (String format : m.formats()) {
                for (EvalTask task : sorted) {
                    for (int r = 1; r <= repeat; r++) {
                        out.add(new PlannedRun(out.size(), m.model(), format, task, r));
                    }
                }
            }
        }
        return List.copyOf(out);
    }
}
