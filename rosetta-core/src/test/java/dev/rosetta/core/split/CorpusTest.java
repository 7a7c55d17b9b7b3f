package dev.rosetta.core.split;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

import dev.rosetta.core.dialect.ToolFormat;
import dev.rosetta.core.json.Json;
import dev.rosetta.core.tool.BuiltinTools;
import dev.rosetta.core.tool.FunctionDeclarations;
import dev.rosetta.core.tool.ToolCatalog;
import dev.rosetta.core.tool.ToolSpec;

/**
 * Model output restated from the tool-call parser tests of gptme, vLLM, SGLang, llama.cpp,
 * Ollama, @ai-sdk-tool/parser and the other projects each corpus file names, read as
 * {@code rosetta parse} reads it (by default {@code --format auto} with the corpus's tools.json
 * as {@code --tool-schemas}), whole and in every chunking {@link Splitting} tries. See
 * {@link CorpusCase} for the file format. Cases main does not read yet wait, in the same format,
 * in {@code corpus-pending/} (not loaded here; {@code scripts/corpus-read-rate} measures them
 * through the jar) and move to {@code corpus/} when they pass.
 */
class CorpusTest {

    @TestFactory
    Stream<DynamicNode> everyCaseReadsAsItsSuiteExpects() {
        List<ToolSpec> schemas = schemas(CorpusCase.toolsJson());
        return CorpusCase.all().entrySet().stream().map(file -> DynamicContainer.dynamicContainer(file.getKey(),
                file.getValue().stream().map(c -> DynamicTest.dynamicTest(c.name(),
                        () -> CorpusCheck.checkOrGap(c, () -> read(c, schemas))))));
    }

    /** The case's message read whole (after checking every chunking reads the same), as the corpus compares it. */
    static List<CorpusRead> read(CorpusCase c, List<ToolSpec> schemas) {
        ToolCatalog catalog = catalog(c.tools(), schemas);
        Supplier<List<Reader>> readers = c.format().equals("auto")
                ? () -> ToolFormat.allReaders(catalog)
                : () -> ToolFormat.of(c.format()).readers(catalog);
        return Splitting.split(c.message(), readers).stream().map(CorpusRead::of).toList();
    }

    static ToolCatalog catalog(String which, List<ToolSpec> schemas) {
        List<ToolSpec> tools = new ArrayList<>();
        if (!which.equals("builtin")) {
            tools.addAll(schemas);
        }
        if (!which.equals("schemas")) {
            for (ToolSpec t : BuiltinTools.ALL) {
                if (tools.stream().noneMatch(s -> s.name().equals(t.name()))) {
                    tools.add(t);
                }
            }
        }
        return ToolCatalog.of(tools);
    }

    /** The tools of an OpenAI-style tools array, as {@code rosetta parse --tool-schemas} reads them. */
    static List<ToolSpec> schemas(String json) {
        return FunctionDeclarations.read(Json.read(json));
    }
}
