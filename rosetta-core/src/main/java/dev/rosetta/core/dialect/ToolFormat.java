package dev.rosetta.core.dialect;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

import dev.rosetta.core.dialect.attool.AtToolDialect;
import dev.rosetta.core.dialect.deepseek.DeepSeekDialect;
import dev.rosetta.core.dialect.glm.GlmDialect;
import dev.rosetta.core.dialect.harmony.HarmonyDialect;
import dev.rosetta.core.dialect.hermes.HermesDialect;
import dev.rosetta.core.dialect.kimi.KimiDialect;
import dev.rosetta.core.dialect.llama3.Llama3Dialect;
import dev.rosetta.core.dialect.markdown.MarkdownDialect;
import dev.rosetta.core.dialect.mistral.MistralDialect;
import dev.rosetta.core.dialect.pythonic.PythonicDialect;
import dev.rosetta.core.dialect.qwen3coder.Qwen3CoderDialect;
import dev.rosetta.core.dialect.xml.XmlDialect;
import dev.rosetta.core.split.Reader;
import dev.rosetta.core.tool.ToolCatalog;

/**
 * The format a session asks the model to use, and so which readers run, in which order
 * (@tool → xml → markdown; a native dialect's own reader first, then @tool and markdown). This
 * is where a new dialect is registered.
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
    GLM("glm"),
    /** Mistral's {@code [TOOL_CALLS]NAME[ARGS]{json}} (and the older JSON list). */
    MISTRAL("mistral"),
    /** Llama 3's {@code {"name": …, "parameters": {…}}} objects. */
    LLAMA3("llama3"),
    /** Python call lists, {@code [f(a='x')]} (Llama 3.2 pythonic, Llama 4). */
    PYTHONIC("pythonic"),
    /** DeepSeek's {@code <｜tool▁calls▁begin｜>} sections and V3.2's DSML. */
    DEEPSEEK("deepseek"),
    /** Kimi K2's {@code <|tool_calls_section_begin|>} sections. */
    KIMI("kimi"),
    /** OpenAI harmony (gpt-oss): calls are messages {@code to=functions.NAME}. */
    HARMONY("harmony");

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
            case MISTRAL -> MistralDialect.INSTANCE;
            case LLAMA3 -> Llama3Dialect.INSTANCE;
            case PYTHONIC -> PythonicDialect.INSTANCE;
            case DEEPSEEK -> DeepSeekDialect.INSTANCE;
            case KIMI -> KimiDialect.INSTANCE;
            case HARMONY -> HarmonyDialect.INSTANCE;
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
            case HERMES, QWEN3_CODER, GLM, MISTRAL, LLAMA3, PYTHONIC, DEEPSEEK, KIMI, HARMONY -> List.of(
                    dialect().reader(tools), AtToolDialect.INSTANCE.reader(tools), MarkdownDialect.INSTANCE.reader(tools));
        };
    }

    /** The name users type: markdown, xml, tool, hermes, qwen3-coder, glm, mistral, llama3, pythonic, deepseek, kimi, harmony. */
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
