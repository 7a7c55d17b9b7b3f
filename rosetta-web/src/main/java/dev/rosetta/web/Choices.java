package dev.rosetta.web;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import dev.rosetta.agent.config.ConfigPaths;
import dev.rosetta.agent.config.Configuration;
import dev.rosetta.agent.config.Resolution;
import dev.rosetta.agent.session.SessionHost;
import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.llm.model.ModelInfo;
import dev.rosetta.llm.model.ModelRegistry;
import dev.rosetta.llm.provider.ProviderDirectory;

/**
 * What the page offers to pick from: the models the configuration knows (as {@code rosetta models}
 * lists them), the tool formats, the slash commands, and the folder a new conversation works in by
 * default.
 */
final class Choices {

    private final Map<String, String> env;
    private final Path currentFolder;
    private final Consumer<String> warnings;

    Choices(Map<String, String> env, Path currentFolder, Consumer<String> warnings) {
        this.env = env;
        this.currentFolder = currentFolder;
        this.warnings = warnings;
    }

    Map<String, Object> all() {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("models", models());
        List<String> formats = new ArrayList<>(List.of("auto"));
        for (ToolFormat f : ToolFormat.values()) {
            formats.add(f.id());
        }
        o.put("formats", formats);
        o.put("commands", SessionHost.COMMANDS);
        o.put("workspace", currentFolder.toString());
        return o;
    }

    private List<String> models() {
        ConfigPaths paths = ConfigPaths.of(env);
        Configuration config = Configuration.load(paths, currentFolder, null);
        ProviderDirectory directory = new ProviderDirectory(config.providers(), new Resolution(env, config).environment());
        return ModelRegistry.load(directory, paths.models(), warnings).all().stream().map(ModelInfo::name).toList();
    }
}
