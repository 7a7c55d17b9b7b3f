package dev.rosetta.cli;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

import dev.rosetta.agent.config.ConfigPaths;
import dev.rosetta.agent.config.Configuration;
import dev.rosetta.agent.config.Resolution;
import dev.rosetta.llm.model.ModelInfo;
import dev.rosetta.llm.model.ModelRegistry;
import dev.rosetta.llm.provider.ProviderDirectory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code rosetta models}: the models Rosetta knows (bundled, plus the user's models.json). */
@Command(name = "models", description = "Lists the models Rosetta knows: context, output limit, prices, abilities.")
final class ModelsCommand implements Callable<Integer> {

    @Parameters(arity = "0..1", paramLabel = "FILTER", description = "Show only models whose name contains this.")
    private String filter;

    @Override
    public Integer call() {
        Map<String, String> env = System.getenv();
        ConfigPaths paths = ConfigPaths.of(env);
        Configuration config = Configuration.load(paths, java.nio.file.Path.of("").toAbsolutePath(), null);
        ProviderDirectory directory = new ProviderDirectory(config.providers(), new Resolution(env, config).environment());
        ModelRegistry registry = ModelRegistry.load(directory, paths.models(), w -> System.err.println("rosetta: warning: " + w));
        List<ModelInfo> models = registry.all().stream()
                .filter(m -> filter == null || m.name().toLowerCase(Locale.ROOT).contains(filter.toLowerCase(Locale.ROOT)))
                .toList();
        System.out.printf("%-44s %9s %9s %15s  %s%n", "MODEL", "CONTEXT", "OUTPUT", "$/M IN/OUT", "ABILITIES");
        for (ModelInfo m : models) {
            System.out.printf("%-44s %9s %9s %15s  %s%n", m.name(), tokens(m.contextWindow()), tokens(m.maxOutputTokens()),
                    prices(m), abilities(m));
        }
        return 0;
    }

    private static String tokens(Integer n) {
        return n == null ? "?" : n >= 1000 ? (n / 1000) + "k" : String.valueOf(n);
    }

    private static String prices(ModelInfo m) {
        var p = m.prices();
        return p.input() == null || p.output() == null ? "?" : String.format(Locale.ROOT, "%.2f/%.2f", p.input(), p.output());
    }

    private static String abilities(ModelInfo m) {
        StringBuilder out = new StringBuilder();
        if (Boolean.TRUE.equals(m.supportsReasoning())) {
            out.append("reasoning ");
        }
        if (Boolean.TRUE.equals(m.supportsParallelToolCalls())) {
            out.append("parallel-calls ");
        }
        if (Boolean.TRUE.equals(m.supportsStrictTools())) {
            out.append("strict-tools ");
        }
        if (Boolean.TRUE.equals(m.usesResponsesApi())) {
            out.append("responses-api ");
        }
        if (m.defaultToolFormat() != null) {
            out.append("format:").append(m.defaultToolFormat().id()).append(' ');
        }
        return out.toString().strip();
    }
}
