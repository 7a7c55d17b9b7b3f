package dev.rosetta.llm.model;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.stream.Collectors;

import dev.rosetta.core.RosettaException;
import dev.rosetta.llm.provider.ProviderDirectory;
import dev.rosetta.llm.provider.ProviderSettings;
import tools.jackson.databind.node.ObjectNode;

/**
 * The models Rosetta knows: the bundled {@code models.json}, then a user file that adds entries or
 * overrides them field by field (an override may set only a price). Names resolve as {@code
 * provider/model}, as an alias ({@code sonnet}) or as a bare id when only one provider has it. A
 * model it does not know gets a generic entry and one warning per model.
 */
public final class ModelRegistry {

    static final String BUNDLED = "/dev/rosetta/llm/model/models.json";
    private static final String BUNDLED_ORIGIN = "the bundled models.json";

    private final Map<String, ModelInfo> byName;
    private final Map<String, String> aliases;
    private final Set<String> providers;
    /** Providers whose servers report their models' context: no warning for a model they serve. */
    private final Set<String> selfHosted;
    private final String userFile;
    private final Consumer<String> warnings;
    private final Set<String> warned = ConcurrentHashMap.newKeySet();

    private ModelRegistry(Map<String, ModelInfo> byName, Map<String, String> aliases, Set<String> providers,
            Set<String> selfHosted, String userFile, Consumer<String> warnings) {
        this.byName = byName;
        this.aliases = aliases;
        this.providers = providers;
        this.selfHosted = selfHosted;
        this.userFile = userFile;
        this.warnings = warnings;
    }

    /** The bundled models only. */
    public static ModelRegistry bundled(ProviderDirectory directory, Consumer<String> warnings) {
        return build(directory, null, null, warnings);
    }

    /**
     * The bundled models with {@code userFile} on top; a file that does not exist is no error, a
     * malformed one is, naming the file and the problem.
     *
     * @param warnings told once per model the registry does not know
     */
    public static ModelRegistry load(ProviderDirectory directory, Path userFile, Consumer<String> warnings) {
        if (userFile == null || !Files.exists(userFile)) {
            return bundled(directory, warnings);
        }
        try {
            return build(directory, Files.readString(userFile, StandardCharsets.UTF_8), userFile.toString(), warnings);
        } catch (CharacterCodingException e) {
            // The decoder's own words ("Input length = 1") say nothing to a user.
            throw new RosettaException(userFile + ": not UTF-8 text; save it as UTF-8", e);
        } catch (IOException e) {
            throw new RosettaException("could not read " + userFile + ": " + e.getMessage(), e);
        }
    }

    /** Every known model, bundled order first, then the user's additions. */
    public List<ModelInfo> all() {
        return List.copyOf(byName.values());
    }

    /** The entry for {@code ref} (also when its model is an alias of that provider), if there is one. */
    public Optional<ModelInfo> find(ModelRef ref) {
        ModelInfo exact = byName.get(ref.toString());
        if (exact != null) {
            return Optional.of(exact);
        }
        String target = aliases.get(ref.model());
        return target != null && target.startsWith(ref.provider() + "/") ? Optional.of(byName.get(target))
                : Optional.empty();
    }

    /**
     * The entry for {@code ref}, or a generic one (nothing recorded, so a 128k context is assumed)
     * with a one-time warning — none for a model of a server the user runs, which is asked instead.
     */
    public ModelInfo info(ModelRef ref) {
        return find(ref).orElseGet(() -> {
            if (!selfHosted.contains(ref.provider()) && warned.add(ref.toString())) {
                warnings.accept(ref + " is not in the model registry; assuming a " + ModelInfo.GENERIC_CONTEXT_WINDOW / 1000
                        + "k context window and no recorded prices or capabilities (add it to "
                        + (userFile != null ? userFile : "~/.config/rosetta/models.json") + ")");
            }
            return withFamilyDialect(ModelInfo.generic(ref.provider(), ref.model()));
        });
    }

    /** {@link #info(ModelRef)} of {@link #ref(String)}. */
    public ModelInfo resolve(String name) {
        return info(ref(name));
    }

    /**
     * What {@code name} stands for: {@code provider/model} when it starts with a known provider
     * (an alias of that provider's model becomes the model), else an alias, else the one model
     * whose id it is (ids may contain '/', as on OpenRouter).
     */
    public ModelRef ref(String name) {
        String t = name == null ? "" : name.strip();
        int slash = t.indexOf('/');
        if (slash > 0 && providers.contains(t.substring(0, slash))) {
            ModelRef ref = ModelRef.parse(t);
            return find(ref).map(ModelInfo::ref).orElse(ref);
        }
        String target = aliases.get(t);
        if (target != null) {
            return byName.get(target).ref();
        }
        List<ModelInfo> same = byName.values().stream().filter(m -> m.id().equals(t)).toList();
        if (same.size() == 1) {
            return same.getFirst().ref();
        }
        if (same.size() > 1) {
            throw new RosettaException("'" + t + "' is served by several providers; write one of: "
                    + same.stream().map(ModelInfo::name).collect(Collectors.joining(", ")));
        }
        throw new RosettaException("unknown model '" + t + "': no alias or model id in the registry matches; write it"
                + " as provider/model (the providers are: " + String.join(", ", new TreeSet<>(providers)) + ")");
    }

    private static ModelRegistry build(ProviderDirectory directory, String userText, String userFile,
            Consumer<String> warnings) {
        Set<String> providers = directory.all().stream().map(ProviderSettings::name).collect(Collectors.toSet());
        Map<String, ObjectNode> bundled = ModelFile.read(bundledText(), BUNDLED_ORIGIN);
        Map<String, ObjectNode> user = userText == null ? Map.of() : ModelFile.read(userText, userFile);
        checkProviders(bundled, providers, BUNDLED_ORIGIN);
        checkProviders(user, providers, userFile);
        Map<String, ObjectNode> merged = new LinkedHashMap<>();
        bundled.forEach((key, entry) -> merged.put(key, ModelFile.merge(null, entry)));
        user.forEach((key, entry) -> merged.put(key, ModelFile.merge(merged.get(key), entry)));
        Map<String, ModelInfo> byName = new LinkedHashMap<>();
        merged.forEach((key, entry) -> byName.put(key, withFamilyDialect(ModelFile.toInfo(key, entry))));
        Set<String> userAliased = user.entrySet().stream().filter(e -> e.getValue().has("aliases"))
                .map(Map.Entry::getKey).collect(Collectors.toSet());
        Set<String> selfHosted = directory.all().stream().filter(ProviderDirectory::selfHosted)
                .map(ProviderSettings::name).collect(Collectors.toSet());
        return new ModelRegistry(byName, aliases(byName, userAliased, userFile), providers, selfHosted, userFile,
                warnings);
    }

    /** The entry with its family's dialect when it names none itself. */
    private static ModelInfo withFamilyDialect(ModelInfo info) {
        if (info.nativeDialect() != null) {
            return info;
        }
        return ModelFamilies.withKnownDialect(info.id())
                .map(f -> info.withNativeDialect(f.nativeDialect(), DialectOrigin.family(f))).orElse(info);
    }

    /**
     * Alias → provider/id. Bundled aliases go in first so that a user's alias can take one over;
     * two entries of the same file claiming one alias are an error in that file.
     */
    private static Map<String, String> aliases(Map<String, ModelInfo> byName, Set<String> userAliased, String userFile) {
        Map<String, String> aliases = new HashMap<>();
        Set<String> claimedByUser = new HashSet<>();
        for (boolean fromUser : new boolean[] {false, true}) {
            for (ModelInfo m : byName.values()) {
                if (userAliased.contains(m.name()) != fromUser) {
                    continue;
                }
                for (String alias : m.aliases()) {
                    String before = aliases.put(alias, m.name());
                    boolean sameFile = !fromUser || !claimedByUser.add(alias);
                    if (before != null && !before.equals(m.name()) && sameFile) {
                        throw new RosettaException((fromUser ? userFile : BUNDLED_ORIGIN) + ": the alias '" + alias
                                + "' is given to both " + before + " and " + m.name());
                    }
                }
            }
        }
        return aliases;
    }

    private static void checkProviders(Map<String, ObjectNode> entries, Set<String> providers, String origin) {
        for (String key : entries.keySet()) {
            String provider = ModelRef.parse(key).provider();
            if (!providers.contains(provider)) {
                throw new RosettaException(origin + ": entry \"" + key + "\": unknown provider '" + provider
                        + "'; the providers are: " + String.join(", ", new TreeSet<>(providers))
                        + " (declare others in config as [[providers]])");
            }
        }
    }

    private static String bundledText() {
        try (InputStream in = ModelRegistry.class.getResourceAsStream(BUNDLED)) {
            if (in == null) {
                throw new IllegalStateException(BUNDLED + " is missing from the jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
