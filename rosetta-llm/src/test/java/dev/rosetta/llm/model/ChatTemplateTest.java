package dev.rosetta.llm.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvFileSource;

import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.llm.provider.ProviderDirectory;

/**
 * Real chat templates — llama.cpp's models/templates and vLLM's examples/tool_chat_template_*,
 * kept under src/test/resources/dev/rosetta/llm/template with their sources in SOURCES — each read
 * as the family whose dialect it writes calls in.
 */
class ChatTemplateTest {

    static final String FOLDER = "/dev/rosetta/llm/template/";

    /**
     * Each template of templates.csv is read as its family: a dialect (the family's, known or not
     * yet read by Rosetta), {@code unknown} for tool calls of no known family, {@code none} for a
     * template that writes no calls.
     */
    @ParameterizedTest(name = "{0} → {1}")
    @CsvFileSource(resources = FOLDER + "templates.csv", numLinesToSkip = 1)
    void eachRealTemplateIsReadAsItsFamily(String file, String expected) {
        ChatTemplate.Reading reading = ChatTemplate.read(template(file));

        switch (expected) {
            case "none" -> assertThat(reading).isInstanceOf(ChatTemplate.NoToolCalls.class);
            case "unknown" -> assertThat(reading).isInstanceOf(ChatTemplate.UnknownFamily.class);
            default -> assertThat(reading).isInstanceOfSatisfying(ChatTemplate.OfFamily.class,
                    f -> assertThat(f.family().nativeDialect()).isEqualTo(expected));
        }
    }

    @Test
    void everyTemplateHereIsReadByTheTestAndNamedInSources() throws Exception {
        Path folder = Path.of(ChatTemplateTest.class.getResource(FOLDER).toURI());
        Set<String> files;
        try (Stream<Path> all = Files.walk(folder)) {
            files = all.filter(p -> p.toString().matches(".*\\.(jinja|gotmpl)$"))
                    .map(p -> folder.relativize(p).toString().replace('\\', '/')).collect(Collectors.toSet());
        }
        Set<String> tested = lines("templates.csv").stream().skip(1).map(l -> l.split(",")[0])
                .collect(Collectors.toSet());
        Set<String> sourced = lines("SOURCES").stream().filter(l -> !l.startsWith("#"))
                .map(l -> l.split(" {2}")).peek(f -> assertThat(f).as("file  repository  path  commit").hasSize(4))
                .peek(f -> assertThat(f[3]).as(f[0] + "'s commit").matches("[0-9a-f]{40}")).map(f -> f[0])
                .collect(Collectors.toSet());
        assertThat(files).hasSizeGreaterThan(80).isEqualTo(tested).isEqualTo(sourced);
    }

    @Test
    void aTemplateOfNoKnownFamilyPicksNoDialectAndSaysWhichMarkersItWrites() {
        ChatTemplate.Reading reading = ChatTemplate.read(template("llama.cpp/upstage-Solar-Open-100B.jinja"));
        ModelInfo model = ChatTemplate.apply(ModelInfo.generic("local", "solar-open-100b"), reading);

        assertThat(reading).isInstanceOfSatisfying(ChatTemplate.UnknownFamily.class,
                u -> assertThat(u.markers()).contains("<|tool_call:begin|>").allMatch(m -> !m.startsWith("</")));
        assertThat(model.nativeDialect()).isNull();
        assertThat(model.nativeFormat()).isEqualTo(ToolFormat.HERMES);
        assertThat(model.nativeDialectReason()).startsWith("hermes, the most widely trained dialect: its chat template")
                .contains("<|tool_call:begin|>").contains("no family Rosetta knows");
    }

    /** Command R+ writes Action: then a fenced JSON list of {"tool_name", "parameters"}: the react dialect reads it. */
    @Test
    void commandRPlusTemplatePicksTheReactDialectThatReadsItsActions() {
        ChatTemplate.Reading reading = ChatTemplate.read(
                template("llama.cpp/CohereForAI-c4ai-command-r-plus-tool_use.jinja"));
        ModelInfo model = ChatTemplate.apply(ModelInfo.generic("local", "c4ai-command-r-plus"), reading);

        assertThat(model.nativeDialect()).isEqualTo("react");
        assertThat(model.nativeDialectReason()).contains("Command R and R+");
    }

    @Test
    void aFamilyIsPickedExactlyWhenItsDialectIsAFormat() {
        for (ModelFamilies.Family family : ModelFamilies.all()) {
            for (List<String> markers : family.templateMarkers()) {
                ModelInfo model = ChatTemplate.apply(ModelInfo.generic("local", "x"),
                        ChatTemplate.read(String.join("\n", markers) + "{{ tool_calls }}"));
                assertThat(model.nativeDialect()).as(family.name() + " " + markers)
                        .isEqualTo(family.dialectKnown() ? family.nativeDialect() : null);
            }
        }
    }

    @Test
    void theTemplateOutranksTheModelsNameButNotItsRegistryEntry() {
        ChatTemplate.Reading glm = ChatTemplate.read(template("llama.cpp/GLM-4.6.jinja"));
        ModelInfo byName = ModelRegistry.bundled(new ProviderDirectory(List.of(), Map.of()), w -> { })
                .resolve("local/qwen3-my-finetune");
        assertThat(byName.nativeDialect()).as("Qwen3, by its name").isEqualTo("hermes");

        ModelInfo read = ChatTemplate.apply(byName, glm);
        assertThat(read.nativeDialect()).isEqualTo("glm");
        assertThat(read.dialectOrigin().source()).isEqualTo(DialectOrigin.Source.CHAT_TEMPLATE);
        assertThat(read.nativeDialectReason())
                .isEqualTo("glm: its chat template writes calls with <arg_key>, <arg_value> (GLM-4.5 and later)");

        ModelInfo entry = ModelInfo.generic("local", "x").withNativeDialect("mistral");
        assertThat(ChatTemplate.apply(entry, glm)).isSameAs(entry);
    }

    @Test
    void aTemplateThatWritesNoCallsLeavesTheNamesDialect() {
        ChatTemplate.Reading none = ChatTemplate.read(template("ollama/chatml.gotmpl"));
        ModelInfo llama = ModelInfo.generic("ollama", "llama3.2").withNativeDialect("llama3",
                new DialectOrigin(DialectOrigin.Source.NAME, "its name"));

        assertThat(ChatTemplate.apply(llama, none)).isSameAs(llama);
        assertThat(ChatTemplate.apply(ModelInfo.generic("ollama", "x"), none).nativeDialectReason())
                .isEqualTo("hermes, the most widely trained dialect: its chat template writes no tool calls");
    }

    @Test
    void ollamasParserNamesTheFamilyAndAnUnknownParserIsSaidToBeOne() {
        assertThat(ChatTemplate.ofOllamaParser("glm-4.7")).isInstanceOfSatisfying(ChatTemplate.OfFamily.class,
                f -> assertThat(f.family().nativeDialect()).isEqualTo("glm"));
        assertThat(ChatTemplate.ofOllamaParser("laguna").why())
                .isEqualTo("Ollama reads its calls with its 'laguna' parser, of no family Rosetta knows");
    }

    @Test
    void onlyTheStartOfAnEnormousTemplateIsLookedAt() {
        String huge = "x".repeat(ChatTemplate.MOST_CHARACTERS) + "<arg_key><arg_value>{{ tool_calls }}";
        assertThat(ChatTemplate.read(huge)).isInstanceOf(ChatTemplate.NoToolCalls.class);
    }

    static String template(String file) {
        try (InputStream in = ChatTemplateTest.class.getResourceAsStream(FOLDER + file)) {
            assertThat(in).as(file).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<String> lines(String resource) {
        return template(resource).lines().toList();
    }
}
