package dev.rosetta.core.tool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.rosetta.core.dialect.markdown.MarkdownDialect;
import dev.rosetta.core.split.Segment;
import dev.rosetta.core.split.StreamSplitter;
import dev.rosetta.core.dialect.ToolFormat;

/** A tool that brings its own JSON Schema (an MCP server's), named with a dot. */
class SchemaToolTest {

    private static final Map<String, Object> SCHEMA = Map.of("type", "object",
            "properties", Map.of("a", Map.of("type", "number"), "b", Map.of("type", "number")),
            "required", List.of("a", "b"));

    private static ToolSpec sum(Map<String, Object> schema) {
        return new ToolSpec("calc.get-sum", "Adds two numbers.", "",
                List.of(Parameter.named("a", "number", "first", true), Parameter.named("b", "number", "second", true)),
                List.of(), List.of(), List.of(), schema);
    }

    @Test
    void theSchemaAToolBringsIsItsJsonSchemaWhole() {
        assertThat(sum(SCHEMA).jsonSchema()).isEqualTo(SCHEMA);
    }

    @Test
    void aBuiltInToolStillDerivesItsSchema() {
        assertThat(BuiltinTools.SHELL.schema()).isNull();
        assertThat(BuiltinTools.SHELL.jsonSchema()).containsEntry("required", List.of("command"));
    }

    @Test
    void nativeNamesSpellTheDotAsTwoUnderscores() {
        assertThat(sum(SCHEMA).nativeName()).isEqualTo("calc__get-sum");
        assertThat(BuiltinTools.SHELL.nativeName()).isEqualTo("shell");
    }

    @Test
    void theDottedNameAndTheNativeNameFindTheSameTool() {
        ToolCatalog catalog = ToolCatalog.of(BuiltinTools.SHELL, sum(SCHEMA));
        assertThat(catalog.resolve("calc__get-sum")).map(ToolSpec::name).contains("calc.get-sum");
        assertThat(catalog.resolve("calc.get-sum")).map(ToolSpec::name).contains("calc.get-sum");
    }

    @Test
    void aMarkdownCallTakesItsArgumentsAsAJsonBodyTypedByTheParameters() {
        ToolSpec spec = sum(SCHEMA);
        var segments = StreamSplitter.split("```calc.get-sum\n{\"a\": \"2\", b: 3}\n```\n", ToolFormat.MARKDOWN,
                ToolCatalog.of(spec));
        Segment.Call call = (Segment.Call) segments.get(0);
        assertThat(call.use().tool()).isEqualTo("calc.get-sum");
        assertThat(spec.bind(call.use()).values()).isEqualTo(Map.of("a", 2.0, "b", 3));
    }

    @Test
    void aSchemaToolWithoutPropertiesTakesAnEmptyBodyAsNoArguments() {
        ToolSpec spec = new ToolSpec("srv.ping", "", "", List.of(), List.of(), List.of(), List.of(),
                Map.of("type", "object", "properties", Map.of()));
        assertThat(spec.bind(ToolUse.positional("srv.ping", List.of(), "{}")).values()).isEmpty();
        assertThat(spec.bind(ToolUse.positional("srv.ping", List.of(), "")).values()).isEmpty();
    }

    @Test
    void anUndeclaredNameIsRefusedUnlessTheSchemaTakesMore() {
        ToolUse extra = ToolUse.named("calc.get-sum", Map.of("a", 1, "b", 2, "c", 3), null);
        assertThatThrownBy(() -> sum(SCHEMA).bind(extra)).isInstanceOf(InvalidArgumentsException.class)
                .hasMessageContaining("no parameter 'c'");
        Map<String, Object> open = new java.util.LinkedHashMap<>(SCHEMA);
        open.put("additionalProperties", true);
        assertThat(sum(open).bind(extra).values()).containsEntry("c", 3);
    }

    @Test
    void markdownDescribesTheJsonBodyAndItsKeys() {
        String text = MarkdownDialect.INSTANCE.describe(sum(SCHEMA));
        assertThat(text).contains("- a (number, required): first")
                .contains("```calc.get-sum\n{\"a\": <a>, \"b\": <b>}\n```");
    }

    @Test
    void anXmlCallMaySpellEachParameterAsAChildElementTypedByTheSchema() {
        ToolSpec spec = sum(SCHEMA);
        var segments = StreamSplitter.split("<tool-use>\n<calc.get-sum>\n<a>2</a>\n<b>3.5</b>\n</calc.get-sum>\n</tool-use>\n",
                ToolFormat.XML, ToolCatalog.of(spec));
        Segment.Call call = (Segment.Call) segments.stream().filter(s -> s instanceof Segment.Call).findFirst().orElseThrow();
        assertThat(spec.bind(call.use()).values()).isEqualTo(Map.of("a", 2.0, "b", 3.5));
    }

    @Test
    void anXmlCallMayCarryItsArgumentsAsAJsonBody() {
        ToolSpec spec = sum(SCHEMA);
        var segments = StreamSplitter.split("<tool-use>\n<calc.get-sum>{\"a\": 1, \"b\": 2}</calc.get-sum>\n</tool-use>\n",
                ToolFormat.XML, ToolCatalog.of(spec));
        Segment.Call call = (Segment.Call) segments.stream().filter(s -> s instanceof Segment.Call).findFirst().orElseThrow();
        assertThat(spec.bind(call.use()).values()).isEqualTo(Map.of("a", 1, "b", 2));
    }
}
