package dev.rosetta.agent.eval;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

import dev.rosetta.agent.config.ConfigPaths;
import dev.rosetta.agent.config.Configuration;
import dev.rosetta.agent.config.Resolution;
import dev.rosetta.core.RosettaException;
import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.llm.model.ModelInfo;
import dev.rosetta.llm.model.ModelRegistry;
import dev.rosetta.llm.provider.ProviderDirectory;
import dev.rosetta.llm.provider.ProviderSettings;

/**
 * {@code -m MODEL@FORMAT}: the model as the registry names it (an alias resolved), and its formats:
 * the one given; {@code all}, every format that applies to it (markdown and xml always, tool where
 * its provider takes native tools, its native dialect where it has one); {@code native}, its
 * native dialect; none, the format a chat with it would have.
 */
public final class ModelSpecs {

    public static final String ALL = "all";

    private ModelSpecs() {}

    public static List<Matrix.ModelFormats> resolve(List<String> specs, Map<String, String> env, Path currentFolder,
            Consumer<String> warnings) {
        if (specs.isEmpty()) {
            throw new RosettaException("eval: name a model with -m MODEL[@FORMAT] (e.g. -m openai/gpt-4.1@all), or"
                    + " replay a recorded eval with --replay RUN");
        }
        ConfigPaths paths = ConfigPaths.of(env);
        Configuration config = Configuration.load(paths, currentFolder, null);
        Resolution resolution = new Resolution(env, config);
        ProviderDirectory directory = new ProviderDirectory(config.providers(), resolution.environment());
        ModelRegistry registry = ModelRegistry.load(directory, paths.models(), warnings);
        List<Matrix.ModelFormats> out = new ArrayList<>();
        for (String spec : specs) {
            int at = spec.lastIndexOf('@');
            String name = at < 0 ? spec.strip() : spec.substring(0, at).strip();
            String format = at < 0 ? null : spec.substring(at + 1).strip();
            if (name.isEmpty()) {
                throw new RosettaException("-m " + spec + ": no model before the @");
            }
            ModelInfo model = registry.resolve(name);
            ProviderSettings provider = directory.require(model.provider());
            if (provider.keyRequired() && directory.key(provider).isEmpty()) {
                // Every run would fail the same way: say it once, before the matrix starts.
                throw new RosettaException("-m " + spec + ": " + provider.keyEnv() + " is not set; set it (in the"
                        + " environment, or in the [env] table of ~/.config/rosetta/config.local.toml)");
            }
            out.add(new Matrix.ModelFormats(model.name(), formats(spec, format, model, provider, resolution)));
        }
        return out;
    }

    static List<String> formats(String spec, String format, ModelInfo model, ProviderSettings provider,
            Resolution resolution) {
        if (format == null) {
            return List.of(resolution.toolFormat(null, model).value().id());
        }
        if (format.equalsIgnoreCase(ALL)) {
            return all(model, provider.nativeTools());
        }
        try {
            ToolFormat f = format.equalsIgnoreCase(Resolution.NATIVE) ? model.nativeFormat() : ToolFormat.of(format);
            if (f == ToolFormat.TOOL && !provider.nativeTools()) {
                throw new RosettaException("-m " + spec + ": provider " + provider.name() + " takes no native tools;"
                        + " use another format, or @all for every one that applies");
            }
            return List.of(f.id());
        } catch (IllegalArgumentException e) {
            throw new RosettaException("-m " + spec + ": " + e.getMessage() + ", all or native");
        }
    }

    /** Every format that applies to {@code model}. */
    static List<String> all(ModelInfo model, boolean nativeTools) {
        Set<String> out = new LinkedHashSet<>(List.of(ToolFormat.MARKDOWN.id(), ToolFormat.XML.id()));
        if (nativeTools) {
            out.add(ToolFormat.TOOL.id());
        }
        if (model.nativeDialect() != null) {
            out.add(model.nativeFormat().id());
        }
        return List.copyOf(out);
    }
}
