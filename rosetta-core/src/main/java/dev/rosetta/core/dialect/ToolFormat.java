package dev.rosetta.core.dialect;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

import dev.rosetta.core.dialect.attool.AtToolDialect;
import dev.rosetta.core.dialect.glm.GlmDialect;
import dev.rosetta.core.dialect.hermes.HermesDialect;
import dev.rosetta.core.dialect.markdown.MarkdownDialect;
import dev.rosetta.core.dialect.qwen3coder.Qwen3CoderDialect;
import dev.rosetta.core.dialect.xml.XmlDialect;
import dev.rosetta.core.split.Reader;
import dev.rosetta.core.tool.ToolCatalog;

/**
 * The format a session asks the model to use, and so which readers run, in which order
 * (@tool → xml → markdown). This is where a new dialect is registered.
 */
public enum ToolFormat {

    /** Fenced blocks. */
    MARKDOWN("markdown"),
    /** {@code <tool-use>} and {@code <function_calls>}; fenced calls are reported, not run. */
    XML("xml"),
    /** Native tool calls, written into the transcript as {@code @tool(id): {json}}; fences still run. */
    TOOL("tool"),
    /** {@code <tool_call>{"name": …, "arguments": …}</tool_call>} in text (Hermes, Qwen 2.5/3); @tool calls and fences still run. */
    HERMES("hermes"),
    /** {@code <tool_call><function=NAME><parameter=K>…} in text (Qwen3-Coder; also MiniMax-M2's {@code <invoke>}); @tool calls and fences still run. */
    QWEN3_CODER("qwen3-coder"),
    /** {@code <tool_call>NAME<arg_key>K</arg_key><arg_value>V</arg_value>} in text (GLM-4.5 to 4.7); @tool calls and fences still run. */
    GLM("glm");

    private final String id;

    ToolFormat(String id) {
        this.id = id;
    }

    /** The dialect this format writes and describes tools in. */
    public Dialect dialect() {
        return switch (this) {
            case MARKDOWN -> MarkdownDialect.INSTANCE;
            case XML -> XmlDialect.INSTANCE;
            case TOOL -> AtToolDialect.INSTANCE;
            case HERMES -> HermesDialect.INSTANCE;
            case QWEN3_CODER -> Qwen3CoderDialect.INSTANCE;
            case GLM -> GlmDialect.INSTANCE;
        };
    }

    /**
     * The dialect named {@code name} ({@link Dialect#name()}), among the dialects of every format:
     * how a stored segment finds the dialect it was read in.
     */
    public static Optional<Dialect> dialectNamed(String name) {
        return Arrays.stream(values()).map(ToolFormat::dialect).filter(d -> d.name().equals(name)).findFirst();
    }

    /** The readers of this format, highest priority first. */
    public List<Reader> readers(ToolCatalog tools) {
        return switch (this) {
            case MARKDOWN -> List.of(MarkdownDialect.INSTANCE.reader(tools));
            case XML -> List.of(XmlDialect.INSTANCE.reader(tools), MarkdownDialect.INSTANCE.reporterForXml(tools));
            case TOOL -> List.of(AtToolDialect.INSTANCE.reader(tools), MarkdownDialect.INSTANCE.reader(tools));
            // A native dialect's format reads it first, then as the tool format does: @tool calls, fences.
            case HERMES -> List.of(HermesDialect.INSTANCE.reader(tools), AtToolDialect.INSTANCE.reader(tools),
                    MarkdownDialect.INSTANCE.reader(tools));
            case QWEN3_CODER -> List.of(Qwen3CoderDialect.INSTANCE.reader(tools), AtToolDialect.INSTANCE.reader(tools),
                    MarkdownDialect.INSTANCE.reader(tools));
            case GLM -> List.of(GlmDialect.INSTANCE.reader(tools), AtToolDialect.INSTANCE.reader(tools),
                    MarkdownDialect.INSTANCE.reader(tools));
        };
    }

    /** The name users type: markdown, xml, tool, hermes, qwen3-coder, … */
    public String id() {
        return id;
    }

    /** The format named {@code id}; the error names the valid ones. */
    public static ToolFormat of(String id) {
        for (ToolFormat f : values()) {
            if (f.id().equalsIgnoreCase(id.strip())) {
                return f;
            }
        }
        throw new IllegalArgumentException("unknown tool format '" + id + "'; use one of "
                + Arrays.stream(values()).map(ToolFormat::id).collect(Collectors.joining(", ")));
    }
}
