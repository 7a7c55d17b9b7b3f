package dev.rosetta.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

import dev.rosetta.agent.config.ConfigPaths;
import dev.rosetta.agent.config.Configuration;
import dev.rosetta.agent.config.Resolution;
import dev.rosetta.cli.render.TerminalOutput;
import dev.rosetta.llm.Providers;
import dev.rosetta.llm.http.HttpTransport;
import dev.rosetta.llm.model.LocalModel;
import dev.rosetta.llm.model.ModelInfo;
import dev.rosetta.llm.model.ModelRegistry;
import dev.rosetta.llm.provider.ProviderDirectory;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code rosetta models}: the models Rosetta knows (bundled, plus the user's models.json); with
 * {@code --local}, the models the servers the user runs have (Ollama's {@code /api/tags}, a local
 * server's {@code /v1/models}).
 */
@Command(name = "models", description = "Lists the models Rosetta knows: context, output limit, prices, abilities.")
final class ModelsCommand implements Callable<Integer> {

    private static final String ROW = "%-44s %9s %9s %15s  %s";
    private static final String LOCAL_ROW = "%-44s %9s %8s %-10s %s";

    @Parameters(arity = "0..1", paramLabel = "FILTER", description = "Show only models whose name contains this.")
    private String filter;

    @Option(names = "--local", description = "List what the local servers have instead: Ollama (OLLAMA_HOST),"
            + " LOCAL_BASE_URL, and the [[providers]] without a key; with size, quantisation and dialect.")
    private boolean local;

    @Spec
    private CommandSpec spec;

    @Override
    public Integer call() {
        TerminalOutput output = Main.output(spec);
        Map<String, String> env = System.getenv();
        ConfigPaths paths = ConfigPaths.of(env);
        Configuration config = Configuration.load(paths, java.nio.file.Path.of("").toAbsolutePath(), null);
        ProviderDirectory directory = new ProviderDirectory(config.providers(), new Resolution(env, config).environment());
        ModelRegistry registry = ModelRegistry.load(directory, paths.models(), output::warning);
        if (local) {
            return local(directory, registry, output);
        }
        List<ModelInfo> models = registry.all().stream()
                .filter(m -> matches(m.name()))
                .toList();
        output.out().line(String.format(ROW, "MODEL", "CONTEXT", "OUTPUT", "$/M IN/OUT", "ABILITIES"));
        for (ModelInfo m : models) {
            // A name from the user's models.json may hold anything: line() shows its controls.
            output.out().line(String.format(ROW, m.name().replace('\n', ' '), tokens(m.contextWindow()),
                    tokens(m.maxOutputTokens()), prices(m), abilities(m)));
        }
        return 0;
    }

    /**
     * What each local server has, with each model's native dialect as its server shows it (its chat
     * template) and where that came from; one server not answering is one line on stderr. Exit 1
     * when none answered.
     */
    private int local(ProviderDirectory directory, ModelRegistry registry, TerminalOutput output) {
        List<LocalModel> models = new ArrayList<>();
        int answered = 0;
        try (Providers providers = new Providers(directory, HttpTransport.Settings.DEFAULT, Providers.OpenAiApi.AUTO)) {
            for (String server : providers.localServers()) {
                try {
                    models.addAll(providers.localModels(server));
                    answered++;
                } catch (RuntimeException e) { // a ProviderException too
                    output.error(server + ": " + e.getMessage());
                }
            }
            output.out().line(String.format(LOCAL_ROW, "MODEL", "SIZE", "PARAMS", "QUANT", "DIALECT"));
            for (LocalModel m : models.stream().filter(m -> matches(m.name())).toList()) {
                // What a local server calls its models is its own affair: line() shows their controls.
                output.out().line(String.format(LOCAL_ROW, m.name().replace('\n', ' '), size(m.sizeBytes()),
                        or(m.parameters()), or(m.quantization()), dialect(described(registry.resolve(m.name()), providers))));
            }
        }
        return answered > 0 ? 0 : 1;
    }

    /** The model as its server describes it; as the registry has it when the server does not answer. */
    private static ModelInfo described(ModelInfo model, Providers providers) {
        try {
            return providers.describe(model).model();
        } catch (RuntimeException e) { // a ProviderException too: the list already said what the server has
            return model;
        }
    }

    /**
     * {@code glm (template)}, {@code hermes (name)}; {@code ? (template)} for a template of no family
     * Rosetta reads ({@code /model} says which markers it writes), {@code ?} when nothing says.
     */
    private static String dialect(ModelInfo m) {
        String word = m.dialectSourceWord();
        return (m.nativeDialect() == null ? "?" : m.nativeDialect()) + (word == null ? "" : " (" + word + ")");
    }

    private boolean matches(String name) {
        return filter == null || name.toLowerCase(Locale.ROOT).contains(filter.toLowerCase(Locale.ROOT));
    }

    /** Bytes as the model lists write them: 4.7 GB. */
    private static String size(Long bytes) {
        if (bytes == null) {
            return "?";
        }
        return bytes >= 1_000_000_000 ? String.format(Locale.ROOT, "%.1f GB", bytes / 1e9)
                : String.format(Locale.ROOT, "%d MB", bytes / 1_000_000);
    }

    private static String or(String text) {
        return text == null ? "?" : text;
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
        if (m.nativeDialect() != null) {
            out.append("dialect:").append(m.nativeDialect()).append(' ');
        }
        return out.toString().strip();
    }
}
