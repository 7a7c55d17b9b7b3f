package dev.rosetta.tools.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Collections;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.modelcontextprotocol.spec.McpSchema;

/** Which of a server's tools Rosetta can offer, and what it says of those it cannot. */
class McpToolSpecsTest {

    private static McpSchema.Tool named(String name) {
        return McpSchema.Tool.builder(name, Map.of("type", "object")).build();
    }

    @Test
    void aNameNativeApisWouldNotTakeAsItIsIsOfferedAllTheSame() {
        assertThat(McpToolSpecs.problem("evil", named("a__b"))).isNull();
        assertThat(McpToolSpecs.problem("a-server-with-a-long-name", named("a_tool_with_a_long_name_".repeat(4))))
                .isNull();
    }

    /** Issue 25: a tool named with 100,000 characters was printed whole, in one line. */
    @Test
    void aNameLongerThanMcpAllowsIsRefusedAndShownCutShort() {
        String problem = McpToolSpecs.problem("evil", named("n".repeat(100_000)));
        assertThat(problem).contains("… (100,000 characters)' is longer than the 128 characters MCP allows")
                .hasSizeLessThan(200);
    }

    @Test
    void aNameWithCharactersNoDialectCanCallIsRefusedSayingWhich() {
        assertThat(McpToolSpecs.problem("evil", named("rm -rf"))).contains("'rm -rf' is not a name Rosetta can call");
    }

    /** A schema goes whole into every request: 128 tools of a megabyte each would be 128 MB a request. */
    @Test
    void aToolWhoseInputSchemaIsLargerThanOneToolMayDeclareIsRefusedSayingSo() {
        Map<String, Object> huge = Map.of("type", "object", "properties", Map.of("mode", Map.of("type", "string",
                "enum", Collections.nCopies(100_000, "value"))));
        Map<String, Object> fair = Map.of("type", "object", "properties", Map.of("mode", Map.of("type", "string",
                "description", "d".repeat(10_000), "enum", Collections.nCopies(1_000, "value"))));

        assertThat(McpToolSpecs.problem("evil", McpSchema.Tool.builder("pick", huge).build()))
                .isEqualTo("'pick': its input schema is larger than the 64.0 KiB one tool may declare (it goes into"
                        + " every request)");
        assertThat(McpToolSpecs.problem("evil", McpSchema.Tool.builder("pick", fair).build())).isNull();
    }
}
